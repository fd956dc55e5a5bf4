// A shop for commerce tests: a database, a 3x-ui simulator with a synced (visible) node, an admin,
// and helpers to make plans and buyers. The simulator can be taken down and brought back on its port.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Db, RawClient } from "../../src/server/db/client";
import { inbounds, type Inbound } from "../../src/server/db/schema";
import { runDueTasks } from "../../src/server/services/tasks";
import { createNode } from "../../src/server/services/nodes";
import { createPlan, type PlanInputRaw } from "../../src/server/services/catalog";
import "../../src/server/jobs/task-handlers";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui";
import { makeUser } from "../helpers/actors";
import { ready, testDbForFile } from "../helpers/db";
import { PASS, seedInbounds, USER } from "../panel/helpers";
import { useMemoryLimiter } from "../helpers/limiter";

export interface Shop {
  readonly db: Db;
  readonly raw: RawClient;
  readonly sim: XuiSimulator;
  readonly admin: Awaited<ReturnType<typeof makeUser>>;
  readonly nodeId: string;
  readonly inbounds: Inbound[];
  /** The panel goes away (connections refused) / comes back on the same port, empty of our clients. */
  panelDown(): Promise<void>;
  panelUp(): Promise<void>;
}

let seq = 0;

export function openShop(): Shop {
  const t = testDbForFile();
  let sim: XuiSimulator | undefined;
  let admin: Awaited<ReturnType<typeof makeUser>> | undefined;
  let nodeId: string | undefined;
  let synced: Inbound[] | undefined;
  let port = 0;
  beforeAll(async () => {
    useMemoryLimiter();
    sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds() });
    port = sim.port;
    admin = await makeUser(t.db, "ADMIN");
    const created = await createNode(admin.ctx, { name: `shop-${Date.now().toString(36)}`, panelUrl: sim.url, panelUsername: USER, panelPassword: PASS });
    nodeId = created.node.id;
    synced = await t.db.select().from(inbounds).where(eq(inbounds.nodeId, nodeId));
  });
  afterAll(async () => {
    await sim?.close();
  });
  return {
    get db() { return t.db; },
    get raw() { return t.raw; },
    get sim() { return ready(sim, "the 3x-ui simulator"); },
    get admin() { return ready(admin, "the admin"); },
    get nodeId() { return ready(nodeId, "the node"); },
    get inbounds() { return ready(synced, "the synced inbounds"); },
    async panelDown() {
      await ready(sim).close();
    },
    async panelUp() {
      sim = await startXuiSimulator({ port, username: USER, password: PASS, inbounds: seedInbounds() });
    },
  };
}

/** A public proxy plan on the shop's node (vmess + vless inbounds), 10 GB / 30 days for 10.00 unless overridden. */
export async function proxyPlan(shop: Shop, over: Partial<PlanInputRaw> = {}) {
  const byProtocol = (p: string) => shop.inbounds.find((i) => i.protocol === p)!.id;
  return createPlan(shop.admin.ctx, {
    kind: "PROXY",
    name: `plan-${seq++}-${Date.now().toString(36)}`,
    nodeId: shop.nodeId,
    inboundIds: [byProtocol("vmess"), byProtocol("vless")],
    pricingMode: "FIXED",
    priceMinor: 1000,
    trafficGb: 10,
    durationDays: 30,
    ...over,
  } as PlanInputRaw);
}

/** Runs the outbox until nothing is due (panel work after commit). */
export async function drainTasks(db: Db): Promise<void> {
  for (let i = 0; i < 20; i++) if ((await runDueTasks(db)).ran === 0) return;
}

export const buyer = (shop: Shop) => makeUser(shop.db, "USER");
