// The permission walk, Route Handlers (issue 29 item 3): every admin route (route("admin", ...)) is
// called as each role walked. A role without the route's permission gets 403 FORBIDDEN
// permission_required naming it, and those calls change no row; a role with it gets anything but that
// refusal. ROUTES is the reviewed statement: a new admin route fails here until it is listed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Permission } from "../../src/server/auth/permissions";
import type { Ctx } from "../../src/server/context";
import { changedTables, dbFingerprint } from "../helpers/db-fingerprint";
import { testDbForFile } from "../helpers/db";
import { overrideEnv } from "../helpers/env";
import { useMemoryLimiter } from "../helpers/limiter";
import { makeWalkRoles, responseRefused, type WalkRole } from "../helpers/permission-walk";
import { filesUnder } from "../helpers/server-actions";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());

/** "route file (relative to src/app/api) METHOD" -> the permission it needs. */
const ROUTES: Record<string, Permission> = {
  "admin/backup/database/route.ts GET": "backup.manage",
  "admin/backup/files/[name]/route.ts GET": "backup.manage",
  "admin/backup/restore/route.ts POST": "backup.manage",
  "admin/export/audit-logs/route.ts GET": "logs.read",
  "admin/export/config/route.ts GET": "settings.read",
  "admin/nodes/[id]/inbounds/route.ts GET": "nodes.read",
  "admin/nodes/route.ts GET": "nodes.read",
  "admin/support/tickets/[id]/replies/route.ts POST": "tickets.write",
};

const API = path.resolve(import.meta.dirname, "../../src/app/api");
const ROUTE_CALL = /export const (GET|POST|PUT|PATCH|DELETE) = route(?:<[^>]*>)?\(\s*"admin"/g;
type Handler = (req: Request, c: { params: Promise<unknown> }) => Promise<Response>;
interface Entry { key: string; handler: Handler; method: string; permission: Permission | undefined }

const t = testDbForFile({ install: true });
let roles: WalkRole[] = [];
const routes: Entry[] = [];
let restoreEdition: (() => void) | undefined;
afterAll(() => restoreEdition?.());
beforeAll(async () => {
  restoreEdition = overrideEnv({ EDITION: "wallet" });
  useMemoryLimiter();
  roles = await makeWalkRoles(t.db);
  for (const file of filesUnder(API, (f) => path.basename(f) === "route.ts")) {
    for (const m of readFileSync(file, "utf8").matchAll(ROUTE_CALL)) {
      const key = `${path.relative(API, file).split(path.sep).join("/")} ${m[1]}`;
      const handler = ((await import(file)) as Record<string, Handler>)[m[1]!]!;
      routes.push({ key, handler, method: m[1]!, permission: ROUTES[key] });
    }
  }
});

const ANY_ID = "00000000-0000-4000-8000-000000000000";

/** No body and no same-origin headers: an allowed route fails on those, after the permission check. */
function call(e: Entry, ctx: Ctx): Promise<Response> {
  caller.ctx = ctx;
  return e.handler(new Request("http://relayboard.test/api/x", { method: e.method }), { params: Promise.resolve({ id: ANY_ID, name: "none.sql" }) });
}

describe("admin Route Handlers", () => {
  it("the table lists every admin route, and only those", () => {
    expect(routes.length).toBeGreaterThanOrEqual(8);
    expect(routes.filter((e) => !e.permission).map((e) => e.key), "admin routes missing from ROUTES").toEqual([]);
    expect(Object.keys(ROUTES).filter((k) => !routes.some((e) => e.key === k)), "ROUTES names routes that do not exist").toEqual([]);
  });

  it("each route names its permission where it calls route(), and the table agrees with the code", () => {
    // The option is checked before the handler runs; reading it from the source pins the table to it.
    for (const e of routes) {
      const text = readFileSync(path.join(API, e.key.split(" ")[0]!), "utf8");
      expect(text, e.key).toContain(`permission: "${e.permission}"`);
    }
  });

  it("a role without the permission gets 403 permission_required naming it, and nothing changes", async () => {
    const before = await dbFingerprint(t.db);
    const wrong: string[] = [];
    let refused = 0;
    for (const role of roles) {
      for (const e of routes) {
        if (!e.permission || role.has(e.permission)) continue;
        const res = await call(e, role.ctx);
        if (await responseRefused(res, e.permission)) refused++;
        else wrong.push(`${role.name}: ${e.key} (table ${e.permission}) answered ${res.status} ${(await res.text()).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThanOrEqual(routes.length);
    expect(changedTables(before, await dbFingerprint(t.db))).toEqual([]);
  });

  it("a role with the permission gets past the check: anything but permission_required", async () => {
    const wrong: string[] = [];
    const allowed = new Map<string, number>();
    for (const role of roles) {
      for (const e of routes) {
        if (!e.permission || !role.has(e.permission)) continue;
        allowed.set(role.name, (allowed.get(role.name) ?? 0) + 1);
        const res = await call(e, role.ctx);
        if (await responseRefused(res)) wrong.push(`${role.name}: ${e.key} (table ${e.permission}) answered ${await res.text()}`);
        // A download that was let through is read to its end (a cancelled export logs its abort as an error).
        else await res.arrayBuffer();
      }
    }
    expect(wrong).toEqual([]);
    expect(allowed.get("owner")).toBe(routes.length);
    expect(allowed.get("walk-one")).toBeGreaterThan(0);
    expect(allowed.get("walk-none")).toBeUndefined();
  });
});
