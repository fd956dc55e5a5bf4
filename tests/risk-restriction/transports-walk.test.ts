// Every Server Action and every signed-in Route Handler, called by a risk-restricted user: refused
// with 403 account_risk_restricted unless its call site is marked allowWhileRestricted, and the
// marked ones are exactly the list below. A new action or route is refused by default, so it fails
// here only if someone opens it without saying so in this list.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { overrideEnv } from "../helpers/env";
import { filesUnder, serverActionFiles } from "../helpers/server-actions";
import { useMemoryLimiter } from "../helpers/limiter";
import { loginOrThrow } from "../helpers/next-auth";
import { isRestrictionRefusal, requestCtxOf, setRestricted } from "./helpers";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());

const ROOT = path.resolve(import.meta.dirname, "../..");
const SRC = path.join(ROOT, "src");

/** Server Actions a restricted account may still call (file relative to src/, export). */
const ACTIONS_OPEN_WHILE_RESTRICTED = [
  "app/(auth)/actions.ts confirmEmailAction",
  "app/(auth)/actions.ts requestPasswordResetAction",
  "app/(auth)/actions.ts resendVerificationAction",
  "app/(auth)/actions.ts resetPasswordAction",
  // The public contact form: signed-out steps that never act as the session's account.
  "app/(auth)/support/contact/actions.ts confirmSupportContactAction",
  "app/(auth)/support/contact/actions.ts sendSupportContactAction",
  "app/(user)/account/actions.ts logoutEverywhereAction",
  "app/(user)/account/actions.ts revokeSessionAction",
  "app/(user)/notifications/actions.ts markAllNotificationsReadAction",
  "app/(user)/notifications/actions.ts markNotificationReadAction",
  // Read only: what a paid order gave (the pay page's success screen), like the order page itself.
  "app/(user)/orders/result-actions.ts orderResultAction",
  "app/(user)/tickets/actions.ts closeMyTicketAction",
  "app/locale-actions.ts setLocaleAction",
  "components/announcements/actions.ts dismissAnnouncementAction",
];

/** Signed-in Route Handlers a restricted account may still call (route file relative to src/app/api, method). */
const ROUTES_OPEN_WHILE_RESTRICTED = ["notifications/route.ts GET", "notifications/unread/route.ts GET", "support/tickets/[id]/replies/route.ts POST", "support/tickets/route.ts POST"];

/**
 * Route files that do not go through route(): none of them acts for a signed-in account. Everything
 * under agent/ is node agents, by agent token; everything under v1/ is integrations, by API token.
 */
const ROUTES_WITHOUT_SESSION: Record<string, string> = {
  "auth/[...nextauth]/route.ts": "sign-in and sign-out themselves",
  "health/route.ts": "liveness",
  "metrics/route.ts": "Prometheus, by the metrics bearer token",
  "openapi.json/route.ts": "the public API description (shapes only)",
  "payment/notify/[provider]/route.ts": "payment gateways, by signature",
  "subscription/[id]/route.ts": "client apps, by subscription token",
  "subscription/all/route.ts": "client apps, by subscription token",
  "telegram/webhook/route.ts": "Telegram's updates, by the webhook secret",
};

const actionFiles = serverActionFiles(SRC);
const routeFiles = filesUnder(path.join(SRC, "app/api"), (f) => path.basename(f) === "route.ts");
const rel = (base: string, f: string) => path.relative(base, f).split(path.sep).join("/");

const t = testDbForFile({ install: true });
let restricted: Ctx;
// The wallet edition: its routes and actions exist there (in the base edition they answer 404 before
// any caller check), so the walk covers every one of them.
let restoreEdition: (() => void) | undefined;
afterAll(() => restoreEdition?.());
beforeAll(async () => {
  restoreEdition = overrideEnv({ EDITION: "wallet" });
  useMemoryLimiter();
  const u = await makeUser(t.db);
  await setRestricted(t.db, u.id, new Date());
  restricted = await requestCtxOf(t.db, await loginOrThrow({ email: u.email, password: u.password }));
  expect(restricted.actor.riskRestricted).toBe(true);
});

const ANY_ID = "00000000-0000-4000-8000-000000000000";

describe("Server Actions", () => {
  it("the walker finds the action modules", () => {
    expect(actionFiles.length).toBeGreaterThanOrEqual(20);
    expect(actionFiles.map((f) => rel(SRC, f))).toEqual(expect.arrayContaining(["app/(user)/orders/actions.ts", "app/(user)/tickets/actions.ts", "app/admin/users/actions.ts"]));
  });

  it("every action refuses a restricted user except the ones marked open, which are exactly the list", async () => {
    const open: string[] = [];
    for (const file of actionFiles) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const [name, fn] of Object.entries(mod)) {
        if (typeof fn !== "function") continue;
        caller.ctx = restricted;
        // Junk arguments (forms where any argument may stand; runAction parses them only after the
        // restriction check): a refusal happens before the verb reads them; an open action answers
        // something else (validation, not found...), never the restriction.
        const junk = new FormData();
        const r: unknown = await (fn as (...a: unknown[]) => Promise<unknown>)(junk, junk, junk);
        if (!isRestrictionRefusal(r)) open.push(`${rel(SRC, file)} ${name}`);
      }
    }
    expect(open.sort()).toEqual([...ACTIONS_OPEN_WHILE_RESTRICTED].sort());
  });
});

describe("Route Handlers", () => {
  const ROUTE_CALL = /export const (GET|POST|PUT|PATCH|DELETE) = route(?:<[^>]*>)?\(\s*"(user|admin|anonymous)"/g;
  const declared = routeFiles.flatMap((f) => [...readFileSync(f, "utf8").matchAll(ROUTE_CALL)].map((m) => ({ file: f, method: m[1]!, caller: m[2]! })));

  it("every route file goes through route() or is a known endpoint without a session", () => {
    const without = routeFiles
      .filter((f) => !declared.some((d) => d.file === f))
      .map((f) => rel(path.join(SRC, "app/api"), f))
      .filter((f) => !f.startsWith("agent/") && !f.startsWith("v1/"));
    expect(without.sort()).toEqual(Object.keys(ROUTES_WITHOUT_SESSION).sort());
  });

  it("every signed-in route refuses a restricted user with 403 except the ones marked open, which are exactly the list", async () => {
    const userRoutes = declared.filter((d) => d.caller === "user");
    expect(userRoutes.length).toBeGreaterThanOrEqual(7);
    const open: string[] = [];
    for (const d of userRoutes) {
      const handler = ((await import(d.file)) as Record<string, (req: Request, c: { params: Promise<unknown> }) => Promise<Response>>)[d.method]!;
      caller.ctx = restricted;
      // No body and no same-origin headers: an open route fails on those, after the restriction check.
      const res = await handler(new Request(`http://relayboard.test/api/x`, { method: d.method }), { params: Promise.resolve({ id: ANY_ID, orderId: ANY_ID, tradeNo: "T1" }) });
      const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; details?: { reason?: string } } };
      const refused = res.status === 403 && body.error?.code === "FORBIDDEN" && body.error.details?.reason === "account_risk_restricted";
      if (!refused) open.push(`${rel(path.join(SRC, "app/api"), d.file)} ${d.method}`);
    }
    expect(open.sort()).toEqual([...ROUTES_OPEN_WHILE_RESTRICTED].sort());
  });

  it("admin routes refuse a restricted (non-admin) user as before: admin_required", async () => {
    const adminRoutes = declared.filter((d) => d.caller === "admin");
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const d of adminRoutes) {
      const handler = ((await import(d.file)) as Record<string, (req: Request, c: { params: Promise<unknown> }) => Promise<Response>>)[d.method]!;
      caller.ctx = restricted;
      const res = await handler(new Request(`http://relayboard.test/api/x`, { method: d.method }), { params: Promise.resolve({ id: ANY_ID }) });
      expect(res.status).toBe(403);
    }
  });
});
