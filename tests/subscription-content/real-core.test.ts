// The proof on real proxy cores: a plan granted on the node in a box (the 3x-ui simulator driving
// Debian's v2ray 4.34), its subscription fetched, and a local page fetched through every link —
// vmess, vless (ws) and trojan through a v2ray client built from the parsed link, shadowsocks through
// ss-local (shadowsocks-libev), and the served v2ray-json run unmodified by v2ray as the client.
// Suspend: the same clients stop getting through; activate: they do again; rotate access: the old
// credential fails and the new one works. Needs `v2ray` and `ss-local` (scripts/install-system-deps.sh).
import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui";
import { findV2rayBinary, startV2rayBox, type V2rayBox } from "../../simulators/xui/v2ray-box";
import { renderClientConfig } from "../../simulators/xui/v2ray-config";
import { startV2rayProcess, type V2rayProcess } from "../../simulators/xui/v2ray-process";
import { decryptSecret } from "../../src/server/crypto/secrets";
import { inbounds, subscriptions } from "../../src/server/db/schema";
import { createPlan, type PlanInputRaw } from "../../src/server/services/catalog";
import { createNode } from "../../src/server/services/nodes";
import { activateSubscription, grantSubscription, rotateSubscriptionAccess, suspendSubscription } from "../../src/server/services/subscriptions";
import { serveContent } from "../../src/server/services/subscription-content/serve";
import { runDueTasks } from "../../src/server/services/tasks";
import "../../src/server/jobs/task-handlers";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { requireTool } from "../helpers/requirements";
import { freePort, getViaHttpProxy, PASS, seedInbounds, startPage, USER } from "../panel/helpers";
import { routeFromLink, startSsLocal, getViaSocks, type SsLocal } from "./proxy-clients";

const v2ray = findV2rayBinary();
const hasV2ray = requireTool("v2ray", v2ray !== null, "run scripts/install-system-deps.sh (Debian's v2ray package), or set V2RAY_BIN");
const hasSsLocal = requireTool("ss-local", spawnable("ss-local"), "run scripts/install-system-deps.sh (Debian's shadowsocks-libev)");
const PAGE = "through a delivered subscription";

function spawnable(bin: string): boolean {
  return (process.env.PATH ?? "").split(":").some((d) => {
    try {
      return statSync(join(d, bin)).isFile();
    } catch {
      return false;
    }
  });
}

describe.runIf(hasV2ray && hasSsLocal)("a delivered subscription carries traffic on real cores", () => {
  const t = testDbForFile();
  let sim: XuiSimulator;
  let box: V2rayBox;
  let page: Awaited<ReturnType<typeof startPage>>;
  let dir: string;
  let admin: Awaited<ReturnType<typeof makeUser>>;
  let user: Awaited<ReturnType<typeof makeUser>>;
  let subId: string;
  const running: { stop(): Promise<void> }[] = [];

  async function drain() {
    for (let i = 0; i < 20; i++) if ((await runDueTasks(t.db)).ran === 0) break;
    await box.idle();
  }

  async function content(format: string): Promise<string> {
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subId));
    const out = await serveContent(t.db, { id: subId, token: decryptSecret(sub!.downloadTokenEnc), format, userAgent: "test", ip: "192.0.2.1", locale: "en" });
    expect(out.status, out.body).toBe(200);
    return out.body;
  }

  /** One client per link: a v2ray for vmess/vless/trojan, ss-local for shadowsocks; each fetches the page. */
  async function startClients(): Promise<{ fetchAll(): Promise<Record<string, string>>; stop(): Promise<void> }> {
    const links = Buffer.from(await content("base64"), "base64").toString("utf8").trim().split("\n");
    const v2links = links.filter((l) => !l.startsWith("ss://"));
    const ssLink = links.find((l) => l.startsWith("ss://"))!;
    const routes = await Promise.all(v2links.map(async (l) => routeFromLink(l, await freePort())));
    const v2 = await startV2rayProcess(v2ray!, renderClientConfig(routes), join(dir, `client-${Date.now()}.json`), routes.map((r) => ({ host: "127.0.0.1", port: r.httpPort })));
    const ssRoute = routeFromLink(ssLink, 0);
    const ss: SsLocal = await startSsLocal({ server: ssRoute.server.address, port: ssRoute.server.port, password: ssRoute.credential, method: ssRoute.method!, socksPort: await freePort() });
    return {
      async fetchAll() {
        const out: Record<string, string> = {};
        for (const r of routes) out[r.protocol] = await getViaHttpProxy(r.httpPort, `http://127.0.0.1:${page.port}/`, 4000).then((x) => x.body, () => "");
        out.shadowsocks = await getViaSocks(ss.socksPort, page.port, 4000).catch(() => "");
        return out;
      },
      async stop() {
        await v2.stop();
        await ss.stop();
      },
    };
  }

  const allThrough = { vmess: PAGE, vless: PAGE, trojan: PAGE, shadowsocks: PAGE };

  beforeAll(async () => {
    useMemoryLimiter();
    dir = mkdtempSync(join(tmpdir(), "real-core-"));
    const seed = seedInbounds(await Promise.all([0, 1, 2, 3].map(() => freePort())));
    // Only our clients: the box serves one shadowsocks user per inbound (v4), the first.
    for (const s of seed) (s as { clients?: unknown[] }).clients = [];
    sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seed });
    box = await startV2rayBox({ state: sim.state, binary: v2ray!, workDir: dir });
    page = await startPage(PAGE);
    admin = await makeUser(t.db, "ADMIN");
    user = await makeUser(t.db, "USER");
    const node = await createNode(admin.ctx, { name: "box", panelUrl: sim.url, panelUsername: USER, panelPassword: PASS });
    const ibs = await t.db.select().from(inbounds).where(eq(inbounds.nodeId, node.node.id));
    const plan = await createPlan(admin.ctx, { kind: "PROXY", name: "Box plan", nodeId: node.node.id, inboundIds: ibs.map((i) => i.id), pricingMode: "FIXED", priceMinor: 1000, trafficGb: 10, durationDays: 30 } as PlanInputRaw);
    subId = await grantSubscription(admin.ctx, { email: user.email, planId: plan.id });
    await drain();
  }, 60_000);

  afterAll(async () => {
    for (const r of running) await r.stop();
    await box?.stop();
    await sim?.close();
    await page?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("carries every link, stops on suspend and resumes on activate", async () => {
    const clients = await startClients();
    running.push(clients);
    expect(await clients.fetchAll()).toEqual(allThrough);

    await suspendSubscription(admin.ctx, subId);
    await drain();
    expect(Object.values(await clients.fetchAll()).filter((b) => b === PAGE)).toEqual([]);

    await activateSubscription(admin.ctx, subId);
    await drain();
    expect(await clients.fetchAll()).toEqual(allThrough);
  }, 90_000);

  it("runs the served v2ray-json unmodified as the client", async () => {
    const config = JSON.parse(await content("v2ray-json")) as { inbounds: { protocol: string; port: number; listen: string }[] };
    const http = config.inbounds.find((i) => i.protocol === "http")!;
    const proc: V2rayProcess = await startV2rayProcess(v2ray!, config, join(dir, "served.json"), [{ host: http.listen, port: http.port }]);
    try {
      // By name: the served routing sends private IPs direct, and a name is not resolved for that rule.
      const res = await getViaHttpProxy(http.port, `http://localhost:${page.port}/`);
      expect([res.status, res.body]).toEqual([200, PAGE]);
      // And it went through the node, not direct: the box's core logged it for our client.
      await new Promise((r) => setTimeout(r, 300));
      expect(box.accessLogLines().some((l) => l.includes(`localhost:${page.port}`))).toBe(true);
    } finally {
      await proc.stop();
    }
  }, 60_000);

  it("after rotating access the old credentials fail and the new ones work, with usage kept", async () => {
    await t.db.update(subscriptions).set({ trafficUsedBytes: 12345 }).where(eq(subscriptions.id, subId));
    const old = await startClients();
    running.push(old);
    expect(await old.fetchAll()).toEqual(allThrough);

    await rotateSubscriptionAccess(user.ctx, subId);
    await drain();
    expect(Object.values(await old.fetchAll()).filter((b) => b === PAGE)).toEqual([]);
    const fresh = await startClients();
    running.push(fresh);
    expect(await fresh.fetchAll()).toEqual(allThrough);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(sub!.trafficUsedBytes).toBe(12345);
  }, 90_000);
});
