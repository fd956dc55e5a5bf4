// Errors keep their cause: a sync that fails for a reason other than the panel (here the mirror
// write is refused by the database) is not reported as "panel unreachable"; it is logged with the
// request id and returned as internal_error with that reference, and the panel status is left alone.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui";
import { nodes } from "../../src/server/db/schema";
import * as svc from "../../src/server/services/nodes";
import { makeUser } from "../helpers/actors";
import { captureOutput } from "../helpers/capture-logs";
import { createTestDb, type TestDb } from "../helpers/db";
import { PASS, seedInbounds, USER } from "../panel/helpers";

let t: TestDb;
let sim: XuiSimulator;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestDb();
  sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds() });
  admin = await makeUser(t.db, "ADMIN");
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

const nodeRow = async (id: string) => (await t.db.select().from(nodes).where(eq(nodes.id, id)))[0]!;

/** A real database failure inside the mirror transaction: a trigger refusing writes to `inbounds`. */
async function refuseMirrorWrites(on: boolean) {
  if (on) {
    await t.db.execute(sql`CREATE OR REPLACE FUNCTION refuse_mirror() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'mirror write refused for %', NEW.tag; END $$`);
    await t.db.execute(sql`CREATE TRIGGER refuse_mirror BEFORE INSERT OR UPDATE ON inbounds FOR EACH ROW EXECUTE FUNCTION refuse_mirror()`);
  } else {
    await t.db.execute(sql`DROP TRIGGER IF EXISTS refuse_mirror ON inbounds`);
  }
}

describe("sync: non-panel failures", () => {
  it("a database failure while writing the mirror is internal_error with the request id, not a panel reason", async () => {
    const { node, sync } = await svc.createNode(admin.ctx, { name: "internal-1", panelUrl: sim.url, panelUsername: USER, panelPassword: PASS });
    expect(sync.ok).toBe(true);
    await refuseMirrorWrites(true);
    try {
      const ctx = { ...admin.ctx, requestId: "req-sync-internal-1" };
      const { result, output } = await captureOutput(() => svc.syncNodeInbounds(ctx, node.id, { fresh: true }));
      expect(result).toMatchObject({ ok: false, inboundCount: 0, error: { code: "INTERNAL", reason: "internal_error" } });
      expect(result.error!.message).toContain("req-sync-internal-1");
      expect(result.error!.message).not.toMatch(/panel could not be reached|unreachable/i);
      // The panel answered fine: its status is not flipped to ERROR; the reference is kept on the node.
      const row = await nodeRow(node.id);
      expect(row.panelStatus).toBe("OK");
      expect(row.panelError).toContain("req-sync-internal-1");
      // The cause is in the log, under the same request id (as SQLSTATE, no values).
      const line = output.split("\n").find((l) => l.includes("node sync failed"));
      expect(line).toBeDefined();
      expect(JSON.parse(line!)).toMatchObject({ level: "error", requestId: "req-sync-internal-1", nodeId: node.id, error: { database: true, code: "P0001" } });
    } finally {
      await refuseMirrorWrites(false);
    }
    const again = await svc.syncNodeInbounds(admin.ctx, node.id);
    expect(again).toMatchObject({ ok: true, inboundCount: 4 });
    expect((await nodeRow(node.id)).panelError).toBeNull();
  });

  it("a request our side cannot even build (a token no HTTP header can carry) is not 'unreachable'", async () => {
    const { result: created } = await captureOutput(() => svc.createNode(admin.ctx, { name: "internal-3", panelUrl: sim.url, panelUsername: USER, panelPassword: PASS, panelApiToken: "令牌-token" }));
    const node = created.node;
    const ctx = { ...admin.ctx, requestId: "req-sync-internal-3" };
    const { result } = await captureOutput(() => svc.syncNodeInbounds(ctx, node.id, { fresh: true }));
    expect(result).toMatchObject({ ok: false, error: { reason: "internal_error" } });
    expect(result.error!.message).toContain("req-sync-internal-3");
  });

  it("panel failures still map to their panel reasons", async () => {
    const { node } = await svc.createNode(admin.ctx, { name: "internal-2", panelUrl: sim.url, panelUsername: USER, panelPassword: "wrong-password" });
    const r = await svc.syncNodeInbounds(admin.ctx, node.id, { fresh: true });
    expect(r).toMatchObject({ ok: false, error: { reason: "panel_bad_credentials" } });
    expect((await nodeRow(node.id)).panelStatus).toBe("ERROR");
    const closed = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds() });
    const url = closed.url;
    await closed.close();
    const { node: gone } = await svc.createNode(admin.ctx, { name: "internal-4", panelUrl: url, panelUsername: USER, panelPassword: PASS });
    expect(await svc.syncNodeInbounds(admin.ctx, gone.id, { fresh: true })).toMatchObject({ ok: false, error: { reason: "panel_unreachable" } });
  });
});
