// The v2 cookie adapter against the simulator over real sockets: login formats, base path, session
// expiry, credentials, and the panel being down or slow.
import { afterEach, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator, type XuiSimulatorOptions } from "../../simulators/xui/server";
import { createPanelClient } from "../../src/server/integrations/panel";
import { domainErrorOf, PASS, seedInbounds, USER } from "./helpers";

const sims: XuiSimulator[] = [];
async function sim(extra: Partial<XuiSimulatorOptions> = {}): Promise<XuiSimulator> {
  const s = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds(), ...extra });
  sims.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

describe("panel adapter: login and session", () => {
  it("logs in with a JSON body and reuses the cookie for later calls", async () => {
    const s = await sim();
    const panel = createPanelClient({ url: s.url, username: USER, password: PASS });
    expect((await panel.listInbounds()).map((i) => i.protocol)).toEqual(["vmess", "vless", "trojan", "shadowsocks"]);
    await panel.onlineClients();
    await panel.getClientTraffic("keep-vmess");
    expect(s.loginAttempts).toEqual([{ format: "json", success: true }]);
  });

  it("falls back to a form body when the panel does not bind JSON, and remembers it", async () => {
    const s = await sim({ loginFormats: ["form"] });
    const panel = createPanelClient({ url: s.url, username: USER, password: PASS });
    await panel.listInbounds();
    expect(s.loginAttempts).toEqual([
      { format: "json", success: false },
      { format: "form", success: true },
    ]);
    s.expireSessions();
    await panel.listInbounds();
    expect(s.loginAttempts.slice(2)).toEqual([{ format: "form", success: true }]);
  });

  it("works under a web base path given with or without the trailing slash", async () => {
    const s = await sim({ basePath: "x7Kp2mQw9zLr4vTb1c" });
    expect(s.url).toMatch(/\/x7Kp2mQw9zLr4vTb1c\/$/);
    for (const url of [s.url, s.url.replace(/\/$/, "")]) {
      const panel = createPanelClient({ url, username: USER, password: PASS });
      expect(await panel.listInbounds()).toHaveLength(4);
    }
  });

  it("says the URL is wrong when the base path is missing (bare 404 on login)", async () => {
    const s = await sim({ basePath: "/secret/" });
    const panel = createPanelClient({ url: `http://127.0.0.1:${s.port}/`, username: USER, password: PASS });
    const e = await domainErrorOf(() => panel.listInbounds());
    expect(e.code).toBe("UNAVAILABLE");
    expect(e.details?.reason).toBe("panel_not_found");
    expect(e.message).toMatch(/base path/);
  });

  it("logs in again once when the session expired (bare 404 on the API)", async () => {
    const s = await sim();
    const panel = createPanelClient({ url: s.url, username: USER, password: PASS });
    await panel.listInbounds();
    s.expireSessions();
    expect(await panel.listInbounds()).toHaveLength(4);
    expect(s.loginAttempts.filter((a) => a.success)).toHaveLength(2);
  });

  it("logs in again on an older panel's 307 redirect", async () => {
    const s = await sim({ legacyAuth: true });
    const panel = createPanelClient({ url: s.url, username: USER, password: PASS });
    await panel.listInbounds();
    s.expireSessions();
    expect(await panel.listInbounds()).toHaveLength(4);
    expect(s.loginAttempts).toHaveLength(2);
  });

  it("shares one login between concurrent calls", async () => {
    const s = await sim();
    const panel = createPanelClient({ url: s.url, username: USER, password: PASS });
    await Promise.all([panel.listInbounds(), panel.onlineClients(), panel.getClientTraffic("keep-trojan")]);
    expect(s.loginAttempts).toHaveLength(1);
  });

  it("reports wrong credentials without retrying the other body format", async () => {
    const s = await sim();
    const panel = createPanelClient({ url: s.url, username: USER, password: "wrong" });
    const e = await domainErrorOf(() => panel.listInbounds());
    expect(e.code).toBe("UNAVAILABLE");
    expect(e.message).toBe("The panel refused the username or password.");
    expect(e.details).toEqual({ reason: "panel_bad_credentials" });
    expect(s.loginAttempts).toEqual([{ format: "json", success: false }]);
  });

  it("reports a panel that is down as unreachable", async () => {
    const s = await sim();
    const panel = createPanelClient({ url: s.url, username: USER, password: PASS });
    await panel.listInbounds();
    await s.close();
    const e = await domainErrorOf(() => panel.listInbounds());
    expect(e.code).toBe("UNAVAILABLE");
    expect(e.details?.reason).toBe("panel_unreachable");
  });

  it("times out a panel that does not answer", async () => {
    const s = await sim();
    s.setResponseDelay(1000);
    const panel = createPanelClient({ url: s.url, username: USER, password: PASS, timeoutMs: 150 });
    const started = Date.now();
    const e = await domainErrorOf(() => panel.listInbounds());
    expect(e.details?.reason).toBe("panel_timeout");
    expect(e.message).toContain("0.15 seconds");
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("testConnection logs in afresh and counts inbounds", async () => {
    const s = await sim();
    const panel = createPanelClient({ url: s.url, username: USER, password: PASS });
    await panel.listInbounds();
    const info = await panel.testConnection();
    expect(info).toMatchObject({ api: "v2-cookie", inboundCount: 4 });
    expect(s.loginAttempts).toHaveLength(2);
    const bad = createPanelClient({ url: s.url, username: USER, password: "nope" });
    expect((await domainErrorOf(() => bad.testConnection())).details?.reason).toBe("panel_bad_credentials");
  });
});
