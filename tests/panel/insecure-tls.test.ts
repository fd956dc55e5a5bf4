// Panels on HTTPS with a self-signed certificate, over real sockets: the simulator behind a TLS proxy.
// The default stays strict (tls_untrusted); allowSelfSignedTls makes the whole adapter work through
// our node:https fetch, including the session re-login paths that depend on unfollowed redirects.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator, type XuiSimulatorOptions } from "../../simulators/xui/server";
import { createPanelClient } from "../../src/server/integrations/panel";
import { domainErrorOf, freePort, PASS, seedInbounds, USER } from "./helpers";
import { makeSelfSignedCert, opensslAvailable, startTlsProxy, type SelfSignedCert, type TlsProxy } from "./tls-helpers";

describe.runIf(opensslAvailable())("panel adapter over HTTPS with a self-signed certificate", () => {
  let cert: SelfSignedCert;
  const open: Array<{ close(): Promise<void> }> = [];
  beforeAll(() => {
    cert = makeSelfSignedCert();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  async function httpsPanel(extra: Partial<XuiSimulatorOptions> = {}): Promise<{ sim: XuiSimulator; proxy: TlsProxy; url: string }> {
    const sim = await startXuiSimulator({ username: USER, password: PASS, basePath: "/tls-base/", inbounds: seedInbounds(), ...extra });
    const proxy = await startTlsProxy(sim.port, cert);
    open.push(proxy, sim);
    return { sim, proxy, url: proxy.urlFor(sim.basePath) };
  }

  it("stays strict by default: the certificate is refused as tls_untrusted and nothing reaches the panel", async () => {
    const { sim, url } = await httpsPanel();
    for (const allowSelfSignedTls of [undefined, false]) {
      const panel = createPanelClient({ url, username: USER, password: PASS, allowSelfSignedTls });
      const e = await domainErrorOf(() => panel.listInbounds());
      expect(e.code).toBe("UNAVAILABLE");
      expect(e.details).toMatchObject({ reason: "panel_tls_untrusted", errno: "DEPTH_ZERO_SELF_SIGNED_CERT" });
      expect(e.message).toMatch(/self-signed/);
    }
    expect(sim.loginAttempts).toEqual([]);
  });

  it("with the option: logs in, lists inbounds, adds a client, and tests the connection", async () => {
    const { sim, url } = await httpsPanel();
    const panel = createPanelClient({ url, username: USER, password: PASS, allowSelfSignedTls: true });
    expect((await panel.listInbounds()).map((i) => i.protocol)).toEqual(["vmess", "vless", "trojan", "shadowsocks"]);
    const credential = randomUUID();
    await panel.addClient(1, { email: "tls-alice", credential, enable: true, totalBytes: 0, expiryTime: 0 });
    expect(sim.state.findClientByEmail("tls-alice")?.client).toMatchObject({ id: credential, enable: true });
    const listed = (await panel.listInbounds()).find((i) => i.id === 1)!;
    expect(listed.clients.map((c) => c.email)).toContain("tls-alice");
    expect(await panel.testConnection()).toMatchObject({ api: "v2-cookie", inboundCount: 4 });
    expect(sim.loginAttempts.every((a) => a.format === "json" && a.success)).toBe(true);
  });

  it("logs in again once when the session expired (bare 404), reusing the cookie otherwise", async () => {
    const { sim, url } = await httpsPanel();
    const panel = createPanelClient({ url, username: USER, password: PASS, allowSelfSignedTls: true });
    await panel.listInbounds();
    await panel.onlineClients();
    expect(sim.loginAttempts).toHaveLength(1);
    sim.expireSessions();
    expect(await panel.listInbounds()).toHaveLength(4);
    expect(sim.loginAttempts).toEqual([
      { format: "json", success: true },
      { format: "json", success: true },
    ]);
  });

  it("sees an older panel's 307 (redirects are not followed) and logs in again", async () => {
    const { sim, url } = await httpsPanel({ legacyAuth: true });
    const panel = createPanelClient({ url, username: USER, password: PASS, allowSelfSignedTls: true });
    await panel.listInbounds();
    sim.expireSessions();
    expect(await panel.listInbounds()).toHaveLength(4);
    expect(sim.loginAttempts).toHaveLength(2);
  });

  it("falls back to a form login body (URL-encoded) through the same fetch", async () => {
    const { sim, url } = await httpsPanel({ loginFormats: ["form"] });
    const panel = createPanelClient({ url, username: USER, password: PASS, allowSelfSignedTls: true });
    await panel.listInbounds();
    expect(sim.loginAttempts.map((a) => a.format)).toEqual(["json", "form"]);
  });

  it("reports wrong credentials, and the v3 Bearer API works too", async () => {
    const old = await httpsPanel();
    const wrong = createPanelClient({ url: old.url, username: USER, password: "nope", allowSelfSignedTls: true });
    expect((await domainErrorOf(() => wrong.listInbounds())).details?.reason).toBe("panel_bad_credentials");
    const { url } = await httpsPanel({ apiToken: "tok-123456" });
    const noToken = createPanelClient({ url, username: USER, password: PASS, allowSelfSignedTls: true });
    expect((await domainErrorOf(() => noToken.listInbounds())).details?.reason).toBe("panel_token_required");
    const v3 = createPanelClient({ url, username: "", password: "", apiToken: "tok-123456", allowSelfSignedTls: true });
    expect(await v3.testConnection()).toMatchObject({ api: "v3-bearer", inboundCount: 4 });
  });

  it("times out a slow panel and reports a closed port as unreachable", async () => {
    const { sim, url } = await httpsPanel();
    sim.setResponseDelay(1_000);
    const slow = createPanelClient({ url, username: USER, password: PASS, timeoutMs: 150, allowSelfSignedTls: true });
    expect((await domainErrorOf(() => slow.listInbounds())).details?.reason).toBe("panel_timeout");
    const closed = createPanelClient({ url: `https://127.0.0.1:${await freePort()}/`, username: USER, password: PASS, allowSelfSignedTls: true });
    expect((await domainErrorOf(() => closed.listInbounds())).details).toMatchObject({ reason: "panel_unreachable", errno: "ECONNREFUSED" });
  });
});
