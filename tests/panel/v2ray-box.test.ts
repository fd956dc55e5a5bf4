// Node in a box: clients added through the adapter are served by a real V2Ray 4.34 core rendered from
// the simulator, and a second v2ray process acting as the user's client fetches a local page through
// each protocol. Needs Debian's `v2ray` package (or V2RAY_BIN): skipped with a message otherwise, and a
// failure in CI.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui/server";
import { renderClientConfig, type ClientRoute } from "../../simulators/xui/v2ray-config";
import { findV2rayBinary, startV2rayBox, type V2rayBox } from "../../simulators/xui/v2ray-box";
import { startV2rayProcess, type V2rayProcess } from "../../simulators/xui/v2ray-process";
import { createPanelClient, type PanelClient } from "../../src/server/integrations/panel";
import { requireTool } from "../helpers/requirements";
import { freePort, getViaHttpProxy, PASS, seedInbounds, startPage, USER } from "./helpers";

const v2ray = findV2rayBinary();
const hasV2ray = requireTool("v2ray", v2ray !== null, "run scripts/install-system-deps.sh (Debian's v2ray package), or set V2RAY_BIN");

const PAGE = "hello through the box";
const protocols = ["vmess", "vless", "trojan", "shadowsocks"] as const;

describe.runIf(hasV2ray)("v2ray box (real V2Ray 4.34 core)", () => {
  let sim: XuiSimulator;
  let panel: PanelClient;
  let box: V2rayBox;
  let client: V2rayProcess | null = null;
  let page: Awaited<ReturnType<typeof startPage>>;
  let dir: string;
  const routes: ClientRoute[] = [];
  const emails = protocols.map((p) => `dave@example.com-${p.slice(0, 4)}5678`);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "panel-box-test-"));
    const ports = await Promise.all(protocols.map(() => freePort()));
    const seed = seedInbounds(ports);
    // v4 serves one shadowsocks user per inbound, so that inbound starts empty.
    (seed[3] as { clients?: unknown[] }).clients = [];
    sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seed });
    panel = createPanelClient({ url: sim.url, username: USER, password: PASS });
    box = await startV2rayBox({ state: sim.state, binary: v2ray as string, workDir: dir });
    page = await startPage(PAGE);
  });

  afterAll(async () => {
    await client?.stop();
    await box?.stop();
    await sim?.close();
    await page?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves clients added through the adapter, for every protocol, with the access log on", async () => {
    const inbounds = await panel.listInbounds();
    for (const [i, protocol] of protocols.entries()) {
      const inbound = inbounds.find((x) => x.protocol === protocol);
      if (!inbound) throw new Error(`no ${protocol} inbound`);
      const credential = protocol === "vmess" || protocol === "vless" ? randomUUID() : `pw-${randomUUID()}`;
      await panel.addClient(inbound.id, { email: emails[i] as string, credential, enable: true, totalBytes: 0, expiryTime: 0 });
      routes.push({
        httpPort: await freePort(),
        protocol,
        server: { address: "127.0.0.1", port: inbound.port },
        credential,
        method: typeof inbound.settings.method === "string" ? inbound.settings.method : undefined,
        stream: inbound.streamSettings,
      });
    }
    await box.idle();
    expect(box.skipped()).toEqual([]);

    client = await startV2rayProcess(
      v2ray as string,
      renderClientConfig(routes, { errorLog: join(dir, "client-error.log") }),
      join(dir, "client.json"),
      routes.map((r) => ({ host: "127.0.0.1", port: r.httpPort })),
    );
    for (const route of routes) {
      const res = await getViaHttpProxy(route.httpPort, `http://127.0.0.1:${page.port}/`);
      expect({ protocol: route.protocol, status: res.status, body: res.body }).toEqual({ protocol: route.protocol, status: 200, body: PAGE });
    }
    // v2ray 4.34's access line: no "from", no microseconds, "email: <email>" at the end (§2.1).
    await new Promise((r) => setTimeout(r, 300));
    const log = box.accessLogLines();
    for (const email of emails) {
      expect(log.some((l) => l.includes(`accepted tcp:127.0.0.1:${page.port}`) && l.endsWith(`email: ${email}`))).toBe(true);
    }
  });

  it("stops serving a client disabled through the adapter, and serves it again when enabled", async () => {
    const vmess = routes[0] as ClientRoute;
    const startsBefore = box.starts();
    await panel.setClientEnabled(1, emails[0] as string, false);
    await box.idle();
    expect(box.starts()).toBe(startsBefore + 1);
    const refused = await getViaHttpProxy(vmess.httpPort, `http://127.0.0.1:${page.port}/`, 1500).catch(() => ({ status: 0, body: "" }));
    expect(refused.body).not.toBe(PAGE);

    await panel.setClientEnabled(1, emails[0] as string, true);
    await box.idle();
    const again = await getViaHttpProxy(vmess.httpPort, `http://127.0.0.1:${page.port}/`);
    expect([again.status, again.body]).toEqual([200, PAGE]);
  });

  it("does not restart v2ray for changes that leave the config as it was", async () => {
    const before = box.starts();
    sim.addTraffic(emails[1] as string, 10, 10);
    await panel.updateClient(2, emails[1] as string, { comment: "no effect on the core" });
    await box.idle();
    expect(box.starts()).toBe(before);
  });
});
