// Least privilege, over real HTTP: every /api/v1/ route called with a token of every scope. The route's
// own scope answers (and its answer has exactly the documented fields); every other scope gets 403
// token_scope_required naming the scope it lacks, and the data is as it was. Writes are audited as
// the token, and every call leaves one api.v1.call row.
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { installDb } from "../../src/server/db/client";
import { auditLogs, orders, subscriptions, users } from "../../src/server/db/schema";
import { OrderPageV1, SubscriptionPageV1, SubscriptionV1, UserPageV1, UserV1 } from "../../src/server/http/api-v1/responses";
import { API_SCOPES, createApiToken, type ApiScope } from "../../src/server/services/api-tokens";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";
import { gift } from "../subscriptions/helpers";
import { startV1Api, type V1Api, type V1Reply } from "./v1-harness";

const shop = openShop();
let api: V1Api;
const tokens = {} as Record<ApiScope, { id: string; token: string }>;
let owner: Awaited<ReturnType<typeof buyer>>;
let planId: string;
let subId: string;

beforeAll(async () => {
  installDb(shop.raw);
  api = await startV1Api();
  for (const scope of API_SCOPES) tokens[scope] = await createApiToken(shop.admin.ctx, { name: `only ${scope}`, scopes: [scope] });
  owner = await buyer(shop);
  planId = (await proxyPlan(shop)).id;
  subId = await gift(shop, owner.email, planId);
});
afterAll(async () => {
  await api?.close();
});

/** What a refused call must leave as it was: every subscription's state, and how many orders and users there are. */
async function fingerprint() {
  const subs = await shop.db.select({ id: subscriptions.id, status: subscriptions.status, expiresAt: subscriptions.expiresAt }).from(subscriptions).orderBy(asc(subscriptions.id));
  const [o] = await shop.db.select({ n: count() }).from(orders);
  const [u] = await shop.db.select({ n: count() }).from(users);
  return JSON.stringify({ subs, orders: o!.n, users: u!.n });
}

const SECRET_WORDS = /downloadToken|token_hash|tokenHash|passwordHash|password_hash|totp|secret|api\/subscription|inviteCode|reviewNote/i;

interface Case {
  name: string;
  scope: ApiScope;
  method: "GET" | "POST";
  path: () => string;
  body?: () => unknown;
  status: number;
  schema: z.ZodType;
  then?: (r: V1Reply) => Promise<void> | void;
}

const cases: Case[] = [
  {
    name: "GET /api/v1/users", scope: "read:users", method: "GET", path: () => `/api/v1/users?q=${encodeURIComponent(owner.email)}`, status: 200, schema: UserPageV1,
    then: (r) => expect(r.json).toMatchObject({ total: 1, page: 1, pageSize: 20, items: [{ id: owner.id, email: owner.email, status: "ACTIVE", role: "USER" }] }),
  },
  { name: "GET /api/v1/users/{id}", scope: "read:users", method: "GET", path: () => `/api/v1/users/${owner.id}`, status: 200, schema: UserV1, then: (r) => expect(r.json).toMatchObject({ id: owner.id, email: owner.email }) },
  {
    name: "GET /api/v1/orders", scope: "read:orders", method: "GET", path: () => `/api/v1/orders?q=${encodeURIComponent(owner.email)}&status=PAID`, status: 200, schema: OrderPageV1,
    then: (r) => expect(r.json).toMatchObject({ total: 1, items: [{ userId: owner.id, email: owner.email, status: "PAID", totalMinor: 0, paidVia: "ADMIN" }] }),
  },
  {
    name: "GET /api/v1/subscriptions", scope: "read:subscriptions", method: "GET", path: () => `/api/v1/subscriptions?q=${encodeURIComponent(owner.email)}`, status: 200, schema: SubscriptionPageV1,
    then: (r) => expect(r.json).toMatchObject({ total: 1, items: [{ id: subId, userId: owner.id, planId, status: "ACTIVE", email: owner.email }] }),
  },
  {
    name: "POST /api/v1/subscriptions/{id}/suspend", scope: "write:subscriptions", method: "POST", path: () => `/api/v1/subscriptions/${subId}/suspend`, status: 200, schema: SubscriptionV1,
    then: async (r) => {
      expect(r.json).toMatchObject({ id: subId, status: "SUSPENDED" });
      expect((await shop.db.select().from(subscriptions).where(eq(subscriptions.id, subId)))[0]!.status).toBe("SUSPENDED");
    },
  },
  {
    name: "POST /api/v1/subscriptions/{id}/activate", scope: "write:subscriptions", method: "POST", path: () => `/api/v1/subscriptions/${subId}/activate`, status: 200, schema: SubscriptionV1,
    then: (r) => expect(r.json).toMatchObject({ id: subId, status: "ACTIVE" }),
  },
  {
    name: "POST /api/v1/subscriptions/grant", scope: "write:subscriptions", method: "POST", path: () => "/api/v1/subscriptions/grant", body: () => ({ userId: owner.id, planId, days: 7 }), status: 201, schema: SubscriptionV1,
    then: async (r) => {
      expect(r.json).toMatchObject({ userId: owner.id, planId, status: "ACTIVE", kind: "PROXY" });
      const days = (Date.parse(String(r.json.expiresAt)) - Date.parse(String(r.json.startsAt))) / 86_400_000;
      expect(days).toBeCloseTo(7, 3);
      expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.id))).toHaveLength(2);
    },
  },
];

describe("each scope allows exactly its routes", () => {
  it.each(cases)("$name: only $scope", async (c) => {
    for (const other of API_SCOPES.filter((s) => s !== c.scope)) {
      const before = await fingerprint();
      const r = await api.call(c.method, c.path(), { token: tokens[other].token, body: c.body?.() });
      expect(r.status, `${c.name} with ${other}`).toBe(403);
      expect(r.json.error).toMatchObject({ code: "FORBIDDEN", details: { reason: "token_scope_required", scope: c.scope } });
      expect(r.json.error!.message).toContain(c.scope);
      expect(r.headers["www-authenticate"]).toBe(`Bearer realm="relayboard-api", error="insufficient_scope", scope="${c.scope}"`);
      expect(await fingerprint(), `${c.name} with ${other} changed something`).toBe(before);
    }
    const r = await api.call(c.method, c.path(), { token: tokens[c.scope].token, body: c.body?.() });
    expect(r.status, r.body).toBe(c.status);
    // Strict: a field that is not documented (a hash, a token, a staff note) fails the parse.
    expect(c.schema.safeParse(r.json).error).toBeUndefined();
    expect(r.body).not.toMatch(SECRET_WORDS);
    expect(r.headers["cache-control"]).toBe("no-store");
    await c.then?.(r);
  });
});

describe("what the calls leave in the audit log", () => {
  it("a write made by a token is audited as that token (kind, id, name and prefix), never the token itself", async () => {
    const write = tokens["write:subscriptions"];
    const [row] = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.action, "subscription.suspended"), eq(auditLogs.targetId, subId)));
    expect(row).toMatchObject({ actorKind: "token", actorId: write.id, actorLabel: `only write:subscriptions (${write.token.slice(0, 11)})` });
    const [granted] = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.action, "subscription.granted"), eq(auditLogs.actorId, write.id)));
    expect(granted).toMatchObject({ actorKind: "token", targetType: "subscription" });
  });

  it("every call, refused or not, leaves one api.v1.call row with the route pattern and the status", async () => {
    const rows = await shop.db.select().from(auditLogs).where(eq(auditLogs.action, "api.v1.call"));
    // Each case: one call per other scope, one with its own.
    expect(rows).toHaveLength(cases.length * API_SCOPES.length);
    for (const r of rows) expect(r).toMatchObject({ actorKind: "token", targetType: "api_token", targetId: r.actorId });
    const suspendCalls = rows.filter((r) => r.metadata.route === "/api/v1/subscriptions/{id}/suspend");
    expect(suspendCalls.map((r) => [r.metadata.status, r.metadata.reason ?? null]).sort()).toEqual([
      [200, null],
      [403, "token_scope_required"],
      [403, "token_scope_required"],
      [403, "token_scope_required"],
    ]);
    expect(rows.find((r) => r.metadata.route === "/api/v1/users/{id}" && r.metadata.status === 200)).toMatchObject({ actorId: tokens["read:users"].id, metadata: { method: "GET" } });
    const all = JSON.stringify(await shop.db.select().from(auditLogs));
    for (const t of Object.values(tokens)) expect(all).not.toContain(t.token.slice(12));
  });
});
