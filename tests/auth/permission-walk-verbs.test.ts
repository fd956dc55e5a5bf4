// The permission walk, service verbs (issue 29 item 3): every admin verb, found by reading the
// services' source (tests/helpers/admin-verbs-scan.ts), is called as each role walked. A role without
// the verb's permission is refused with permission_required naming it, and those calls change no row;
// a role with it gets anything but that refusal. A verb is found by its requireAdmin(ctx, "<literal>")
// call, so a new admin verb is walked without being listed; a permission the scan cannot read (not a
// literal, a check outside any function) fails here until it is explained below.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isPermission, type Permission } from "../../src/server/auth/permissions";
import type { Ctx } from "../../src/server/context";
import { scanAdminVerbs, type AdminVerb } from "../helpers/admin-verbs-scan";
import { changedTables, dbFingerprint } from "../helpers/db-fingerprint";
import { testDbForFile } from "../helpers/db";
import { overrideEnv } from "../helpers/env";
import { useMemoryLimiter } from "../helpers/limiter";
import { errorRefused, makeWalkRoles, refusedPermission, type WalkRole } from "../helpers/permission-walk";

vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());

const SERVICES = path.resolve(import.meta.dirname, "../../src/server/services");
const ANY_ID = "00000000-0000-4000-8000-000000000000";

/** requireAdmin calls whose permission is computed, and why; the verbs that reach them are in GATES. */
const NON_LITERAL: Record<string, string> = {
  "subscriptions/admin-ops.ts changeStatus: op === \"cancel\" ? \"subscriptions.write\" : \"subscriptions.suspend\"":
    "one status change for three verbs: support (subscriptions.suspend) suspends and activates, cancelling is a write",
  "api-tokens/manage.ts createApiToken: SCOPE_PERMISSION[scope]":
    "after its literal apiTokens.manage check: each scope asked for needs the permission it stands for (no escalation through a token; tests/api-tokens/manage.test.ts)",
};

/** The permission a verb checks first, where its own requireAdmin call does not name it. */
const GATES: Record<string, Permission> = {
  "subscriptions/admin-ops.ts suspendSubscription": "subscriptions.suspend",
  "subscriptions/admin-ops.ts activateSubscription": "subscriptions.suspend",
  "subscriptions/admin-ops.ts cancelSubscription": "subscriptions.write",
};

type Verb = (...a: unknown[]) => unknown;
/** Verbs that junk arguments after the context would not reach their check, and how they are called instead. */
const CALLS: Record<string, { why: string; call: (fn: Verb, ctx: Ctx) => unknown }> = {
  "staff/guards.ts assertMayChangeStaff": {
    why: "a guard, not a verb: only a change to a staff account (role ADMIN) needs staff.manage",
    call: (fn, ctx) => fn(ctx, { id: ANY_ID, role: "ADMIN", staffRole: "support" }),
  },
};

const scan = scanAdminVerbs(SERVICES);
/** The permission checked first: listed in GATES, else the verb's own first requireAdmin, else its helpers' one. */
function gateOf(v: AdminVerb): string | undefined {
  if (GATES[v.key]) return GATES[v.key];
  if (v.direct.length) return v.direct[0];
  const helpers = [...new Set(v.viaHelpers)];
  return helpers.length === 1 ? helpers[0] : undefined;
}

interface Entry { key: string; fn: Verb; gate: Permission; call: (ctx: Ctx) => unknown }
const t = testDbForFile({ install: true });
let roles: WalkRole[] = [];
const entries: Entry[] = [];
const unloadable: string[] = [];
let restoreEdition: (() => void) | undefined;
afterAll(() => restoreEdition?.());
beforeAll(async () => {
  restoreEdition = overrideEnv({ EDITION: "wallet" });
  useMemoryLimiter();
  roles = await makeWalkRoles(t.db);
  for (const v of scan.verbs) {
    const gate = gateOf(v);
    const fn = ((await import(v.file).catch((err: Error) => void unloadable.push(`${v.key}: ${err.message}`))) as Record<string, unknown> | undefined)?.[v.name];
    if (!gate || !isPermission(gate) || typeof fn !== "function") continue; // reported by the tests below
    const junk = new FormData();
    const special = CALLS[v.key];
    const call = special ? (ctx: Ctx) => special.call(fn as Verb, ctx) : (ctx: Ctx) => (fn as Verb)(ctx, junk, junk, junk);
    entries.push({ key: v.key, fn: fn as Verb, gate, call });
  }
});

/** What a call answered: its refusal, or "ok"/the error's code (the verb got past its check). */
async function outcome(e: Entry, ctx: Ctx): Promise<unknown> {
  try {
    await e.call(ctx);
    return { ok: true };
  } catch (err) {
    return err;
  }
}

describe("admin service verbs", () => {
  it("the scan finds the verbs, and every requireAdmin call it meets is accounted for", () => {
    expect(scan.verbs.length).toBeGreaterThanOrEqual(170);
    expect(scan.verbs.map((v) => v.key)).toEqual(expect.arrayContaining(["orders/admin-orders.ts confirmOrder", "backup/backup-service.ts restoreUploadedDump", "subscriptions/admin-ops.ts suspendSubscription"]));
    expect(scan.nonLiteral.filter((k) => !NON_LITERAL[k]), "requireAdmin with a computed permission").toEqual([]);
    expect(Object.keys(NON_LITERAL).filter((k) => !scan.nonLiteral.includes(k)), "NON_LITERAL entries that no longer exist").toEqual([]);
    expect(scan.unattributed, "requireAdmin outside a top-level function").toEqual([]);
    expect(scan.unreached, "functions with a requireAdmin call that no export reaches").toEqual([]);
  });

  it("every verb has one permission it checks first, a real one, and a way to be called", () => {
    const keys = new Set(scan.verbs.map((v) => v.key));
    expect(scan.verbs.filter((v) => !gateOf(v)).map((v) => v.key), "verbs whose first check the scan cannot tell: list them in GATES").toEqual([]);
    expect(scan.verbs.filter((v) => !isPermission(gateOf(v) ?? "")).map((v) => `${v.key}: ${gateOf(v)}`)).toEqual([]);
    expect([...Object.keys(GATES), ...Object.keys(CALLS)].filter((k) => !keys.has(k)), "GATES or CALLS name verbs that do not exist").toEqual([]);
    // (ctx, ...arguments) is the verbs' shape; anything else needs its own way in CALLS.
    expect(scan.verbs.filter((v) => v.params[0] !== "ctx" && !CALLS[v.key]).map((v) => `${v.key}(${v.params.join(", ")})`)).toEqual([]);
    expect(unloadable, "modules that do not load").toEqual([]);
    expect(entries.length).toBe(scan.verbs.length);
  });

  it("a role without the permission is refused with permission_required naming it, and nothing changes", async () => {
    const before = await dbFingerprint(t.db);
    const wrong: string[] = [];
    let refused = 0;
    for (const role of roles) {
      for (const e of entries) {
        if (role.has(e.gate)) continue;
        const r = await outcome(e, role.ctx);
        if (errorRefused(r, e.gate)) refused++;
        else wrong.push(`${role.name}: ${e.key} (checks ${e.gate}) answered ${refusedPermission(r) ?? String((r as Error).message ?? JSON.stringify(r)).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThanOrEqual(entries.length);
    expect(changedTables(before, await dbFingerprint(t.db))).toEqual([]);
  });

  it("a role with the permission gets past the check: anything but permission_required", async () => {
    const wrong: string[] = [];
    const allowed = new Map<string, number>();
    for (const role of roles) {
      for (const e of entries) {
        if (!role.has(e.gate)) continue;
        allowed.set(role.name, (allowed.get(role.name) ?? 0) + 1);
        const r = await outcome(e, role.ctx);
        if (errorRefused(r)) wrong.push(`${role.name}: ${e.key} (checks ${e.gate}) refused for ${refusedPermission(r)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(allowed.get("owner")).toBe(entries.length);
    expect(allowed.get("walk-one")).toBeGreaterThan(0);
    expect(allowed.get("walk-none")).toBeUndefined();
  });
});
