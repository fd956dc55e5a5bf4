// `subscription clients list|set` through the CLI's own parser and runner: the JSON list round trip,
// validation errors naming the entry (exit 1, nothing written), and the audit row of a change.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineFileOptions } from "../../cli/file-options";
import { ALL_COMMANDS } from "../../cli/commands";
import { auditLogs } from "../../src/server/db/schema";
import { DEFAULT_CLIENT_CATALOGUE } from "../../src/server/services/settings/client-catalogue-defaults";
import type { ClientEntry } from "../../src/server/services/settings/client-catalogue-types";
import { createTestDb, type TestDb } from "../helpers/db";
import { cli, json } from "./helpers";

let t: TestDb;
let dir: string;
beforeAll(async () => {
  t = await createTestDb();
  dir = await mkdtemp(path.join(tmpdir(), "rb-clients-"));
});
afterAll(async () => {
  await t?.close();
});

async function file(name: string, content: unknown): Promise<string> {
  const p = path.join(dir, name);
  await writeFile(p, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return p;
}

const lastAudit = async () => (await t.db.select().from(auditLogs).where(eq(auditLogs.action, "settings.update")).orderBy(desc(auditLogs.id)).limit(1))[0];

describe("subscription clients", () => {
  it("list --json prints the default catalogue in the file shape; the table names each app", async () => {
    expect(json<ClientEntry[]>(await cli(t.db, "subscription", "clients", "list", "--json"))).toEqual(DEFAULT_CLIENT_CATALOGUE);
    const table = await cli(t.db, "subscription", "clients", "list");
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^NAME\s+PLATFORMS\s+FORMAT\s+IMPORT LINK$/m);
    expect(table.stdout).toMatch(/^Quantumult X\s+ios\s+quantumult-x\s+quantumult-x:\/\/\/add-resource\?remote-resource=\{qxResource\}$/m);
  });

  it("set --file replaces the list: what list --json prints can be edited and set back, audited as a settings change", async () => {
    const listed = json<ClientEntry[]>(await cli(t.db, "subscription", "clients", "list", "--json"));
    const edited = [...listed.filter((c) => c.name !== "Happ"), { name: "Clash Party", platforms: ["windows", "macos"], downloadUrl: "", importUrlTemplate: "mihomo://install-config?url={urlEncoded}&name={nameEncoded}", format: "clash" }];
    const r = await cli(t.db, "subscription", "clients", "set", "--file", await file("clients.json", edited), "--json");
    expect(json(r)).toEqual({ changed: true, count: edited.length });
    expect(json<ClientEntry[]>(await cli(t.db, "subscription", "clients", "list", "--json"))).toEqual(edited);
    expect((await lastAudit())?.metadata).toEqual({ keys: ["subscriptionClients"] });

    // The same list again changes nothing; the plain output says so.
    expect((await cli(t.db, "subscription", "clients", "set", "--file", await file("same.json", edited))).stdout).toBe("nothing changed\n");
    expect((await cli(t.db, "subscription", "clients", "set", "--data", "[]")).stdout).toBe("client catalogue updated: 0 apps\n");
    expect((await cli(t.db, "subscription", "clients", "list")).stdout).toMatch(/No client apps/);
    expect((await cli(t.db, "subscription", "clients", "set", "--file", await file("back.json", edited))).code).toBe(0);
  });

  it("a bad entry is VALIDATION (exit 1) naming the entry and field, and nothing is written", async () => {
    const before = (await cli(t.db, "subscription", "clients", "list", "--json")).stdout;
    const bad = [
      { name: "A", platforms: ["ios"], downloadUrl: "", importUrlTemplate: "a://x?u={urlEncoded}", format: "clash" },
      { name: "a", platforms: ["ios"], downloadUrl: "", importUrlTemplate: "b://x?n={nameEncoded}", format: "clash-meta" },
    ];
    const r = await cli(t.db, "subscription", "clients", "set", "--file", await file("bad.json", bad));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^error: VALIDATION: /);
    expect(r.stderr).toMatch(/^ {2}subscriptionClients\.1\.name: Already in use\.$/m);
    expect(r.stderr).toMatch(/^ {2}subscriptionClients\.1\.importUrlTemplate: Include the subscription link: the placeholder url, urlEncoded, urlBase64 or qxResource, in curly brackets\.$/m);
    expect(r.stderr).toMatch(/^ {2}subscriptionClients\.1\.format: /m);
    expect((await cli(t.db, "subscription", "clients", "list", "--json")).stdout).toBe(before);

    const notJson = await cli(t.db, "subscription", "clients", "set", "--file", await file("broken.json", "[{"));
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/VALIDATION: .*JSON/);
    expect((await cli(t.db, "subscription", "clients", "set", "--file", path.join(dir, "missing.json"))).code).toBe(2);
    expect((await cli(t.db, "subscription", "clients", "set")).code).toBe(2);
  });

  it("a command forwarded to the running service carries the file's content, not its path", async () => {
    const argv = await inlineFileOptions(["subscription", "clients", "set", "--file", "rel/clients.json"], ALL_COMMANDS, async (p) => `content of ${p}`);
    expect(argv).toEqual(["subscription", "clients", "set", "--data=content of rel/clients.json"]);
  });
});
