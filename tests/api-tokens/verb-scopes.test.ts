// The caller kind "token" in the verbs themselves (not only in the routes): a verb that declares a
// scope answers a token holding it and refuses every other token with token_scope_required; every
// other admin verb refuses a token whatever it holds; sessions, the CLI and the system are as before.
import { describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import * as accounts from "../../src/server/services/accounts";
import { API_SCOPES, createApiToken, listApiTokens, revokeApiToken, type ApiScope } from "../../src/server/services/api-tokens";
import * as logs from "../../src/server/services/logs";
import * as nodes from "../../src/server/services/nodes";
import * as orders from "../../src/server/services/orders";
import * as settings from "../../src/server/services/settings";
import * as subscriptions from "../../src/server/services/subscriptions";
import * as adminSubscriptions from "../../src/server/services/subscriptions/admin-queries";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const t = testDbForFile();
const ANY_ID = "00000000-0000-4000-8000-000000000000";
const tokenCtx = (scopes: readonly string[]): Ctx => makeCtx(t.db, { kind: "token", tokenId: ANY_ID, scopes: [...scopes], tokenLabel: "test (rb_00000000)" });

/** The verbs /api/v1/ calls, with the scope each declares. */
const SCOPED: [string, ApiScope, (ctx: Ctx) => Promise<unknown>][] = [
  ["listUsers", "read:users", (ctx) => accounts.listUsers(ctx, {})],
  ["getUserAdmin", "read:users", (ctx) => accounts.getUserAdmin(ctx, ANY_ID)],
  ["listOrdersAdmin", "read:orders", (ctx) => orders.listOrdersAdmin(ctx, {})],
  ["listSubscriptionsAdmin", "read:subscriptions", (ctx) => adminSubscriptions.listSubscriptionsAdmin(ctx, {})],
  ["suspendSubscription", "write:subscriptions", (ctx) => subscriptions.suspendSubscription(ctx, ANY_ID)],
  ["activateSubscription", "write:subscriptions", (ctx) => subscriptions.activateSubscription(ctx, ANY_ID)],
  ["grantSubscription", "write:subscriptions", (ctx) => subscriptions.grantSubscription(ctx, { email: "nobody@example.com", planId: ANY_ID })],
];

/** Admin verbs no token may call, whatever its scopes: tokens themselves, destructive and configuration verbs among them. */
const TOKENLESS: [string, (ctx: Ctx) => Promise<unknown>][] = [
  ["createApiToken", (ctx) => createApiToken(ctx, { name: "minted by a token", scopes: ["read:users"] })],
  ["listApiTokens", (ctx) => listApiTokens(ctx)],
  ["revokeApiToken", (ctx) => revokeApiToken(ctx, ANY_ID)],
  ["cancelSubscription", (ctx) => subscriptions.cancelSubscription(ctx, ANY_ID)],
  ["deleteSubscriptionPermanently", (ctx) => subscriptions.deleteSubscriptionPermanently(ctx, ANY_ID)],
  ["batchSubscriptionOperation", (ctx) => subscriptions.batchSubscriptionOperation(ctx, { op: "suspend", ids: [ANY_ID] })],
  ["getSubscriptionAdmin", (ctx) => adminSubscriptions.getSubscriptionAdmin(ctx, ANY_ID)],
  ["getOrderDetailAdmin", (ctx) => orders.getOrderDetailAdmin(ctx, ANY_ID)],
  ["confirmOrder", (ctx) => orders.confirmOrder(ctx, ANY_ID)],
  ["adminCreateUser", (ctx) => accounts.adminCreateUser(ctx, { email: "made-by-token@example.com", password: "correct-horse-9" })],
  ["setUserStatus", (ctx) => accounts.setUserStatus(ctx, ANY_ID, { status: "BANNED", reason: "x" })],
  ["getUserByEmail", (ctx) => accounts.getUserByEmail(ctx, "nobody@example.com")],
  ["countUsers", (ctx) => accounts.countUsers(ctx)],
  ["listNodes", (ctx) => nodes.listNodes(ctx)],
  ["getSettings", (ctx) => settings.getSettings(ctx)],
  ["listAuditLogs", (ctx) => logs.listAuditLogs(ctx, {})],
];

describe("a verb that declares a scope", () => {
  it.each(SCOPED)("%s answers a token with %s and refuses every other scope", async (_, scope, call) => {
    for (const other of API_SCOPES.filter((s) => s !== scope)) {
      await expect(call(tokenCtx([other]))).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "token_scope_required", scope } });
    }
    // With its scope the caller check passes: what follows is the verb's own answer (a list, or the
    // unknown id's 404), never a refusal of the caller.
    const r = await call(tokenCtx([scope])).then(
      () => "answered",
      (e: { code?: string }) => e.code,
    );
    expect(["answered", "NOT_FOUND"]).toContain(r);
  });

  it.each(SCOPED)("%s: sessions and the CLI are as before", async (_, _scope, call) => {
    const admin = await makeUser(t.db, "ADMIN");
    const user = await makeUser(t.db);
    await expect(call(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(call(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
    for (const ctx of [admin.ctx, cliCtx(t.db)]) {
      const r = await call(ctx).then(
        () => "answered",
        (e: { code?: string }) => e.code,
      );
      expect(["answered", "NOT_FOUND"]).toContain(r);
    }
  });
});

describe("every other admin verb", () => {
  it.each(TOKENLESS)("%s refuses a token holding every scope", async (_, call) => {
    await expect(call(tokenCtx(API_SCOPES))).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "api_token_not_allowed" } });
  });

  it("a token is nobody's account: the owner's verbs answer 401", async () => {
    await expect(orders.listMyOrders(tokenCtx(API_SCOPES))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(accounts.getOwnAccount(tokenCtx(API_SCOPES))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("a scope the token's row holds but this build does not know opens nothing", async () => {
    await expect(accounts.listUsers(tokenCtx(["read:everything", "admin"]), {})).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "token_scope_required" } });
  });
});
