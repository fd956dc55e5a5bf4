// `subscription rules list|set|test` through the CLI's own parser and runner: the defaults listed in
// the file shape, a file stored and tested, a catastrophic regex refused (exit 1, nothing stored),
// and `--defaults` going back.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RESPONSE_RULES, type ResponseRule } from "../../src/server/services/subscription-content/response-rules";
import { createTestDb, type TestDb } from "../helpers/db";
import { cli, json } from "./helpers";

let t: TestDb;
let dir: string;
beforeAll(async () => {
  t = await createTestDb();
  dir = await mkdtemp(path.join(tmpdir(), "rb-rules-"));
});
afterAll(async () => {
  await t?.close();
});

const file = async (name: string, content: unknown) => {
  const p = path.join(dir, name);
  await writeFile(p, JSON.stringify(content));
  return p;
};

describe("subscription rules", () => {
  it("list --json prints the shipped defaults; test names the rule that answers", async () => {
    expect(json<ResponseRule[]>(await cli(t.db, "subscription", "rules", "list", "--json"))).toEqual(JSON.parse(JSON.stringify(DEFAULT_RESPONSE_RULES)));
    expect(json(await cli(t.db, "subscription", "rules", "test", "--ua", "Stash/3.1.0 Clash/1.11.0", "--json"))).toMatchObject({ rule: "Stash", then: { format: "stash" }, preview: { contentType: "text/yaml; charset=utf-8" } });
    expect(json(await cli(t.db, "subscription", "rules", "test", "--ua", "Mozilla/5.0", "--header", "Accept=text/html", "--json"))).toMatchObject({ rule: "Browsers", then: { page: true } });
    expect(json(await cli(t.db, "subscription", "rules", "test", "--ua", "Mozilla/5.0", "--header", "accept=text/html", "--format", "clash", "--json"))).toMatchObject({ rule: null, then: { format: "clash" } });
  });

  it("set --file stores a list that test then answers from; --defaults goes back", async () => {
    const rules: ResponseRule[] = [
      { name: "Block old", when: { any: [{ header: "user-agent", op: "startsWith", value: "OldApp" }] }, then: { status: 451, message: "Update the app." } },
      { name: "Everything", then: { format: "sing-box" } },
    ];
    const set = await cli(t.db, "subscription", "rules", "set", "--file", await file("rules.json", rules), "--json");
    expect(json(set)).toMatchObject({ custom: true, rules });
    expect(json(await cli(t.db, "subscription", "rules", "test", "--ua", "OldApp/1", "--json"))).toEqual({ rule: "Block old", then: { status: 451, message: "Update the app." }, headers: {} });
    expect((await cli(t.db, "subscription", "rules", "test", "--ua", "x")).stdout).toBe("rule: Everything\nanswer: format sing-box (application/json; charset=utf-8)\n");
    expect((await cli(t.db, "subscription", "rules", "set", "--defaults")).stdout).toBe("The shipped default rules are in force.\n");
    expect(json(await cli(t.db, "subscription", "rules", "test", "--ua", "x", "--json"))).toMatchObject({ rule: "Everything else", then: { format: "base64" } });
  });

  it("a catastrophic regex is refused with exit 1 and nothing is stored", async () => {
    const before = (await cli(t.db, "subscription", "rules", "list", "--json")).stdout;
    const r = await cli(t.db, "subscription", "rules", "set", "--data", JSON.stringify([{ name: "evil", when: { all: [{ header: "user-agent", op: "regex", value: "^(a+)+$" }] }, then: { status: 404 } }]));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/The response rules were not saved: 0\.when\.all\.0\.value: regex takes too long/);
    expect((await cli(t.db, "subscription", "rules", "list", "--json")).stdout).toBe(before);
    expect((await cli(t.db, "subscription", "rules", "set")).code).toBe(2);
    expect((await cli(t.db, "subscription", "rules", "test", "--header", "novalue")).code).toBe(2);
  });
});
