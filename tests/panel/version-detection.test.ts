// How the adapter learns which 3x-ui it talks to: `panelVersion` in GET panel/api/server/status (v3.1+),
// absent before. Checked against the simulator in both shapes, plus the version arithmetic itself.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator, type XuiSimulatorOptions } from "../../simulators/xui/server";
import { clientRoutesFor, createPanelClient, parseVersion } from "../../src/server/integrations/panel";
import { domainErrorOf, PASS, seedInbounds, TOKEN, USER } from "./helpers";

const sims: XuiSimulator[] = [];
async function sim(extra: Partial<XuiSimulatorOptions>): Promise<XuiSimulator> {
  const s = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds(), ...extra });
  sims.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});
const statusProbes = (s: XuiSimulator) => s.requests.filter((r) => r === "GET panel/api/server/status").length;
const client = (email: string) => ({ email, credential: randomUUID(), enable: true, totalBytes: 0, expiryTime: 0 });

describe("panel version arithmetic", () => {
  it("reads release numbers with or without a leading v, and nothing else", () => {
    expect(parseVersion("3.6.0")).toEqual([3, 6, 0]);
    expect(parseVersion("v2.8.11")).toEqual([2, 8, 11]);
    expect(parseVersion("3.1")).toEqual([3, 1, 0]);
    expect(parseVersion("dev+1d1128cf")).toBeNull();
  });

  it("uses the clients API from v3.1.0 on, and for dev builds", () => {
    expect(clientRoutesFor(null)).toBe("inbounds");
    expect(clientRoutesFor("3.0.2")).toBe("inbounds");
    expect(clientRoutesFor("2.9.4")).toBe("inbounds");
    expect(clientRoutesFor("3.1.0")).toBe("clients");
    expect(clientRoutesFor("v3.6.0")).toBe("clients");
    expect(clientRoutesFor("10.0.0")).toBe("clients");
    expect(clientRoutesFor("dev+1d1128cf")).toBe("clients");
  });
});

describe("panel adapter: version detection", () => {
  it("testConnection reports each shape's version and client routes", async () => {
    const old = await sim({ shape: "v2.8" });
    const oldPanel = createPanelClient({ url: old.url, username: USER, password: PASS });
    expect(await oldPanel.testConnection()).toMatchObject({ api: "v2-cookie", version: null, clientRoutes: "inbounds", inboundCount: 4 });

    const dev = await sim({ shape: "latest", apiToken: TOKEN, panelVersion: "dev+02002dc1" });
    const devPanel = createPanelClient({ url: dev.url, username: "", password: "", apiToken: TOKEN });
    expect(await devPanel.testConnection()).toMatchObject({ api: "v3-bearer", version: "dev+02002dc1", clientRoutes: "clients" });
  });

  it("asks once per adapter, shares the probe between concurrent calls, and asks again on testConnection", async () => {
    const s = await sim({ shape: "latest", apiToken: TOKEN });
    const panel = createPanelClient({ url: s.url, username: USER, password: PASS, apiToken: TOKEN });
    await Promise.all([panel.listInbounds(), panel.onlineClients(), panel.getClientTraffic("keep-vmess")]);
    await panel.addClient(1, client("once@x-1"));
    expect(statusProbes(s)).toBe(1);
    await panel.testConnection();
    expect(statusProbes(s)).toBe(2);
  });

  it("detects again after a client route went missing (the panel was upgraded under a cached adapter)", async () => {
    const before = await sim({ shape: "v2.8", apiToken: TOKEN, basePath: "/up/" });
    const panel = createPanelClient({ url: before.url, username: USER, password: PASS, apiToken: TOKEN });
    await panel.addClient(1, client("up1@x-1"));
    expect(before.requests).toContain("POST panel/api/inbounds/addClient");
    await before.close();
    // Let fetch's pool see the old keep-alive socket close, or the next call reuses it (unreachable).
    await new Promise((r) => setTimeout(r, 100));

    const after = await sim({ shape: "latest", apiToken: TOKEN, basePath: "/up/", port: before.port });
    const e = await domainErrorOf(() => panel.addClient(1, client("up2@x-1")));
    expect(e.details?.reason).toBe("panel_unsupported");
    // The retry (what the outbox worker does) lands on the new routes.
    await panel.addClient(1, client("up2@x-1"));
    expect(after.requests).toContain("POST panel/api/clients/add");
    expect(statusProbes(after)).toBe(1);
  });

  it("says a token is needed when the newest 3x-ui refuses the plain login", async () => {
    const s = await sim({ shape: "latest" });
    const panel = createPanelClient({ url: s.url, username: USER, password: PASS });
    const e = await domainErrorOf(() => panel.testConnection());
    expect([e.code, e.details?.reason]).toEqual(["UNAVAILABLE", "panel_token_required"]);
    expect(e.message).toMatch(/API token/);
  });

  it("passes a rejected token through detection as bad credentials, not as an old panel", async () => {
    const s = await sim({ shape: "latest", apiToken: TOKEN });
    const panel = createPanelClient({ url: s.url, username: USER, password: PASS, apiToken: "wrong" });
    expect((await domainErrorOf(() => panel.listInbounds())).details?.reason).toBe("panel_bad_token");
  });
});
