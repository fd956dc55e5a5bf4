// Creating, listing and revoking API tokens: the token is returned once and stored as a keyed hash,
// the list never carries it, every change is audited without it, input is checked, and a revocation
// raced from two instances happens once.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { apiTokens, auditLogs } from "../../src/server/db/schema";
import { authenticateApiToken, createApiToken, listApiTokens, revokeApiToken } from "../../src/server/services/api-tokens";
import { hashApiToken } from "../../src/server/services/api-tokens/token";
import { anonCtx, cliCtx, makeStaff, makeUser } from "../helpers/actors";
import { openSecondInstance, testDbForFile } from "../helpers/db";

const t = testDbForFile();
const TOKEN_SHAPE = /^rb_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;
const auditOf = (action: "admin.api_token.create" | "admin.api_token.revoke", id: string) => t.db.select().from(auditLogs).where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, id)));

describe("createApiToken", () => {
  it("returns the token once; stores its keyed hash, the prefix and the scopes; audits without the token", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    const expiresAt = new Date(Date.now() + 86_400_000);
    const r = await createApiToken(admin.ctx, { name: "  Billing sync ", scopes: ["write:subscriptions", "read:users", "read:users"], expiresAt: expiresAt.toISOString() });
    expect(Object.keys(r).sort()).toEqual(["id", "token"]);
    expect(r.token).toMatch(TOKEN_SHAPE);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, r.id));
    expect(row).toMatchObject({ name: "Billing sync", prefix: r.token.slice(3, 11), scopes: ["read:users", "write:subscriptions"], createdBy: admin.id, revokedAt: null, lastUsedAt: null });
    expect(row!.tokenHash).toBe(hashApiToken(r.token));
    expect(row!.expiresAt!.getTime()).toBe(expiresAt.getTime());
    const [audit] = await auditOf("admin.api_token.create", r.id);
    expect(audit).toMatchObject({ actorKind: "admin", actorId: admin.id, targetType: "api_token", metadata: { name: "Billing sync", prefix: `rb_${row!.prefix}`, scopes: ["read:users", "write:subscriptions"], expiresAt: expiresAt.toISOString() } });
    expect(JSON.stringify(audit)).not.toContain(r.token.slice(12));
    expect(JSON.stringify(audit)).not.toContain(row!.tokenHash);
    // Two tokens never share a hash or a secret.
    const again = await createApiToken(admin.ctx, { name: "Billing sync", scopes: "read:users" });
    expect(again.token).not.toBe(r.token);
  });

  it("takes scopes as a list or as comma-separated text, and refuses unknown ones, none, a blank name and a past expiry", async () => {
    const ctx = cliCtx(t.db);
    const r = await createApiToken(ctx, { name: "cli", scopes: "read:orders, read:users" });
    expect((await t.db.select().from(apiTokens).where(eq(apiTokens.id, r.id)))[0]).toMatchObject({ scopes: ["read:users", "read:orders"], createdBy: null, expiresAt: null });
    const fieldsOf = async (input: unknown) => ((await createApiToken(ctx, input).catch((e: unknown) => e)) as { code?: string; details?: { reason?: string; fields?: Record<string, string> } });
    expect(await fieldsOf({ name: "x", scopes: ["read:everything"] })).toMatchObject({ code: "VALIDATION", details: { fields: { "scopes.0": "invalid_choice" } } });
    expect(await fieldsOf({ name: "x", scopes: [] })).toMatchObject({ code: "VALIDATION", details: { fields: { scopes: "too_few" } } });
    expect(await fieldsOf({ name: "x", scopes: "" })).toMatchObject({ code: "VALIDATION", details: { fields: { scopes: "too_few" } } });
    expect(await fieldsOf({ name: "  ", scopes: ["read:users"] })).toMatchObject({ code: "VALIDATION", details: { fields: { name: "required" } } });
    expect(await fieldsOf({ name: "x", scopes: ["read:users"], expiresAt: "someday" })).toMatchObject({ code: "VALIDATION", details: { fields: { expiresAt: "invalid" } } });
    expect(await fieldsOf({ name: "x", scopes: ["read:users"], expiresAt: new Date(Date.now() - 1000).toISOString() })).toMatchObject({
      code: "VALIDATION",
      details: { reason: "api_token_expiry_past", fields: { expiresAt: "invalid" } },
    });
  });

  it("is for admins and the CLI only", async () => {
    const user = await makeUser(t.db);
    await expect(createApiToken(anonCtx(t.db), { name: "x", scopes: ["read:users"] })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(createApiToken(user.ctx, { name: "x", scopes: ["read:users"] })).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
    await expect(listApiTokens(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listApiTokens(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(revokeApiToken(user.ctx, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("gives a token no scope its maker's role lacks (issue 29: no escalation through a token)", async () => {
    const maker = await makeStaff(t.db, "token-makers", ["apiTokens.manage", "users.read"]);
    const before = (await t.db.select().from(apiTokens)).length;
    await expect(createApiToken(maker.ctx, { name: "x", scopes: ["read:users", "write:subscriptions"] })).rejects.toMatchObject({
      code: "FORBIDDEN",
      details: { reason: "permission_required", permission: "subscriptions.suspend" },
    });
    expect((await t.db.select().from(apiTokens)).length).toBe(before);
    await expect(createApiToken(maker.ctx, { name: "x", scopes: ["read:users"] })).resolves.toMatchObject({ token: expect.stringMatching(/^rb_/) });
  });
});

describe("listApiTokens", () => {
  it("lists newest first with state, prefix and creator, never the token or its hash", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    const active = await createApiToken(admin.ctx, { name: "active one", scopes: ["read:users"] });
    const expired = await createApiToken(admin.ctx, { name: "expired one", scopes: ["read:orders"], expiresAt: new Date(Date.now() + 60_000) });
    const revoked = await createApiToken(admin.ctx, { name: "revoked one", scopes: ["read:subscriptions"] });
    await revokeApiToken(admin.ctx, revoked.id);
    const later = makeCtx(t.db, admin.ctx.actor, { now: () => new Date(Date.now() + 120_000) });
    const rows = await listApiTokens(later);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(active.id)).toMatchObject({ state: "active", name: "active one", prefix: active.token.slice(0, 11), scopes: ["read:users"], createdBy: { id: admin.id, email: admin.email } });
    expect(byId.get(expired.id)).toMatchObject({ state: "expired" });
    expect(byId.get(revoked.id)).toMatchObject({ state: "revoked", revokedAt: expect.any(Date) });
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(revoked.id)).toBeLessThan(ids.indexOf(active.id));
    for (const r of rows) expect(Object.keys(r).filter((k) => /hash|token/i.test(k))).toEqual([]);
    const text = JSON.stringify(rows);
    for (const tok of [active, expired, revoked]) expect(text).not.toContain(tok.token.slice(12));
  });
});

describe("revokeApiToken", () => {
  it("stops the token, audits once, and answers 409 the second time and 404 for what does not exist", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    const { id, token } = await createApiToken(admin.ctx, { name: "to revoke", scopes: ["read:users"] });
    await expect(authenticateApiToken(t.db, `Bearer ${token}`)).resolves.toMatchObject({ tokenId: id, scopes: ["read:users"] });
    expect(await revokeApiToken(admin.ctx, id)).toMatchObject({ id, revokedAt: expect.any(Date) });
    await expect(authenticateApiToken(t.db, `Bearer ${token}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED", details: { reason: "api_token_invalid" } });
    await expect(revokeApiToken(admin.ctx, id)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "api_token_already_revoked" } });
    await expect(revokeApiToken(admin.ctx, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "api_token_not_found" } });
    await expect(revokeApiToken(admin.ctx, "-".repeat(36))).rejects.toMatchObject({ code: "NOT_FOUND" });
    const audits = await auditOf("admin.api_token.revoke", id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id, metadata: { name: "to revoke", prefix: token.slice(0, 11) } });
  });

  it("raced from two instances, revokes once: one answer, one conflict, one audit row", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    const { id } = await createApiToken(admin.ctx, { name: "raced", scopes: ["read:users"] });
    const second = openSecondInstance(t);
    try {
      const results = await Promise.allSettled([revokeApiToken(admin.ctx, id), revokeApiToken(makeCtx(second.db, admin.ctx.actor), id)]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT" });
      expect(await auditOf("admin.api_token.revoke", id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
