// `apitoken create|list|revoke` through the CLI's own parser and runner: the token printed once (and
// then usable), the list without it, revocation, and refusals with their exit codes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokenCommands } from "../../cli/commands/apitoken";
import { runCli } from "../../cli/run-cli";
import { authenticateApiToken } from "../../src/server/services/api-tokens";
import { createTestDb, type TestDb } from "../helpers/db";
import { json, type Ran } from "./helpers";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

// The command table as cli/commands/index.ts will hold it, with these commands in it.
async function cli(...argv: string[]): Promise<Ran> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), db: t.db }, apiTokenCommands);
  return { code, stdout, stderr };
}

describe("apitoken", () => {
  it("create --json prints { id, token } once; the token works; list never shows it", async () => {
    const created = json<{ id: string; token: string }>(await cli("apitoken", "create", "--name", "Zapier", "--scopes", "read:users,write:subscriptions", "--expires", "2099-01-01T00:00:00Z", "--json"));
    expect(Object.keys(created).sort()).toEqual(["id", "token"]);
    expect(created.token).toMatch(/^rb_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    await expect(authenticateApiToken(t.db, `Bearer ${created.token}`)).resolves.toMatchObject({ kind: "token", tokenId: created.id, scopes: ["read:users", "write:subscriptions"] });

    const listed = await cli("apitoken", "list", "--json");
    const { tokens } = json<{ tokens: Record<string, unknown>[] }>(listed);
    expect(tokens).toEqual([
      { id: created.id, name: "Zapier", prefix: created.token.slice(0, 11), scopes: ["read:users", "write:subscriptions"], state: "active", expiresAt: "2099-01-01T00:00:00.000Z", lastUsedAt: expect.any(String), revokedAt: null, createdAt: expect.any(String), createdBy: null },
    ]);
    expect(listed.stdout).not.toContain(created.token.slice(12));
    const plain = await cli("apitoken", "list");
    expect(plain.stdout).toMatch(/^NAME\s+PREFIX\s+SCOPES\s+STATE/);
    expect(plain.stdout).toContain(`Zapier  ${created.token.slice(0, 11)}`);
    expect(plain.stdout).not.toContain(created.token.slice(12));
  });

  it("create without --json says it is shown once, then prints the token on its own line", async () => {
    const r = await cli("apitoken", "create", "--name", "plain", "--scopes", "read:orders");
    expect(r.code).toBe(0);
    const [first, token] = r.stdout.trimEnd().split("\n");
    expect(first).toMatch(/^API token created \([0-9a-f-]{36}\)\. Copy it now; it is shown only this once:$/);
    expect(token).toMatch(/^rb_[0-9a-f]{8}_/);
  });

  it("revoke stops the token; a second revoke and a bad scope fail with exit 1, missing options with 2", async () => {
    const { id, token } = json<{ id: string; token: string }>(await cli("apitoken", "create", "--name", "short-lived", "--scopes", "read:orders", "--json"));
    expect(json(await cli("apitoken", "revoke", id, "--json"))).toEqual({ id, revokedAt: expect.any(String) });
    await expect(authenticateApiToken(t.db, `Bearer ${token}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const again = await cli("apitoken", "revoke", id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already revoked");
    const bad = await cli("apitoken", "create", "--name", "x", "--scopes", "read:users,admin");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/scopes/);
    expect((await cli("apitoken", "create", "--name", "x")).code).toBe(2);
    expect((await cli("apitoken", "revoke")).code).toBe(2);
    const help = await cli("apitoken", "create", "--help");
    expect(help.stdout).toContain("write:subscriptions  suspend, activate and grant subscriptions");
  });
});
