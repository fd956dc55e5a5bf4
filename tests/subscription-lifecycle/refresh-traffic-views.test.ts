// "Refresh traffic views" (task center) through its Server Action: usage the panel counted since
// the last sync reaches the subscription now, the pages that show usage are revalidated, the run is
// audited with what it counted, and only an admin may start it.
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { auditLogs } from "../../src/server/db/schema";
import { makeUser } from "../helpers/actors";
import { openShop } from "../commerce/fixtures";
import { subRow, subscribe } from "./fixtures";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined, revalidated: [] as string[] }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", () => ({ revalidatePath: (p: string) => caller.revalidated.push(p), revalidateTag: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "relayboard.test" }), cookies: async () => ({ get: () => undefined }) }));
const { refreshTrafficViewsAction } = await import("../../src/app/admin/tasks/actions");

const shop = openShop();

describe("refreshTrafficViewsAction", () => {
  it("moves the panel's new usage into the subscription now, revalidates the traffic pages, and audits the run", async () => {
    const { sub, clients } = await subscribe(shop);
    shop.sim.addTraffic(clients[0]!.email, 4000, 6000);
    expect((await subRow(shop.db, sub.id)).trafficUsedBytes).toBe(0);

    caller.ctx = shop.admin.ctx;
    caller.revalidated = [];
    const r = await refreshTrafficViewsAction();
    expect(r).toMatchObject({ ok: true, data: { failedNodes: 0, counted: 1, bytes: 10_000 } });
    expect(r.ok && r.data.nodes).toBeGreaterThanOrEqual(1);
    expect(await subRow(shop.db, sub.id)).toMatchObject({ trafficUpBytes: 4000, trafficDownBytes: 6000, trafficUsedBytes: 10_000 });
    expect(caller.revalidated).toEqual(expect.arrayContaining(["/admin/traffic", "/admin/subscriptions", "/subscriptions"]));

    const audits = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.action, "traffic.sync.manual"), eq(auditLogs.actorId, shop.admin.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.metadata).toMatchObject({ counted: 1, bytes: 10_000, failedNodes: 0 });

    // Nothing new on the panel: a second run counts nothing and is audited too.
    const again = await refreshTrafficViewsAction();
    expect(again).toMatchObject({ ok: true, data: { counted: 0, bytes: 0 } });
    expect((await subRow(shop.db, sub.id)).trafficUsedBytes).toBe(10_000);
  });

  it("reports a node whose panel is down as failed instead of failing the whole run", async () => {
    caller.ctx = shop.admin.ctx;
    await shop.panelDown();
    try {
      const r = await refreshTrafficViewsAction();
      expect(r).toMatchObject({ ok: true, data: { counted: 0 } });
      expect(r.ok && r.data.failedNodes).toBeGreaterThanOrEqual(1);
    } finally {
      await shop.panelUp();
    }
  });

  it("refuses an ordinary user (403) and writes nothing", async () => {
    const u = await makeUser(shop.db);
    caller.ctx = u.ctx;
    caller.revalidated = [];
    expect(await refreshTrafficViewsAction()).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(caller.revalidated).toEqual([]);
    expect(await shop.db.select().from(auditLogs).where(and(eq(auditLogs.action, "traffic.sync.manual"), eq(auditLogs.actorId, u.id)))).toEqual([]);
  });
});
