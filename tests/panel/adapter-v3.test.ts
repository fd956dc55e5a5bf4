// The Bearer path: with a node API token the adapter talks to 3x-ui v3.1+'s /panel/api/clients routes
// and never logs in. The simulator in v3 mode has removed the old inbound client routes, so a
// passing test proves the adapter did not fall back to them.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui/server";
import { createPanelClient, type PanelClient } from "../../src/server/integrations/panel";
import { domainErrorOf, PASS, seedInbounds, USER } from "./helpers";

const TOKEN = "tok_" + "a".repeat(40);
let sim: XuiSimulator;
let panel: PanelClient;
beforeEach(async () => {
  sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds(), apiToken: TOKEN, basePath: "/v3panel/" });
  // Wrong password on purpose: the token alone must be enough.
  panel = createPanelClient({ url: sim.url, username: USER, password: "unused", apiToken: TOKEN });
});
afterEach(() => sim.close());

const stored = (inboundId: number, email: string) =>
  sim.state.clientsOf(sim.state.getInbound(inboundId)).find((c) => c.email === email);

describe("panel adapter: 3x-ui v3 Bearer API", () => {
  it("lists inbounds and tests the connection without logging in", async () => {
    expect(await panel.listInbounds()).toHaveLength(4);
    expect(await panel.testConnection()).toMatchObject({ api: "v3-bearer", inboundCount: 4 });
    expect(sim.loginAttempts).toEqual([]);
  });

  it("drives a client's whole life through /panel/api/clients", async () => {
    const email = "carol@example.com-abcd1234";
    const password = `tj-${randomUUID()}`;
    await panel.addClient(3, { email, credential: password, enable: true, totalBytes: 1024, expiryTime: 99 });
    expect(stored(3, email)).toMatchObject({ password, totalGB: 1024, expiryTime: 99, enable: true });

    await panel.updateClient(3, email, { totalBytes: 2048 });
    await panel.setClientEnabled(3, email, false);
    expect(stored(3, email)).toMatchObject({ password, totalGB: 2048, enable: false });

    sim.addTraffic(email, 10, 20);
    expect(await panel.getClientTraffic(email)).toMatchObject({ up: 10, down: 20 });
    expect(await panel.onlineClients()).toEqual([email]);
    await panel.resetClientTraffic(3, email);
    expect(await panel.getClientTraffic(email)).toMatchObject({ up: 0, down: 0 });

    await panel.deleteClient(3, email);
    expect(stored(3, email)).toBeUndefined();

    const clientCalls = sim.requests.filter((r) => r.startsWith("POST panel/api/clients/") || r.startsWith("GET panel/api/clients/"));
    expect(clientCalls).toEqual([
      "POST panel/api/clients/add",
      `POST panel/api/clients/update/${email}`,
      `POST panel/api/clients/update/${email}`,
      `GET panel/api/clients/traffic/${email}`,
      "POST panel/api/clients/onlines",
      `POST panel/api/clients/resetTraffic/${email}`,
      `GET panel/api/clients/traffic/${email}`,
      `POST panel/api/clients/del/${email}`,
    ]);
    expect(sim.requests.some((r) => /addClient|updateClient|delClient/.test(r))).toBe(false);
  });

  it("creates a disabled client even though v3's create forces enable", async () => {
    await panel.addClient(1, { email: "off@x-1", credential: randomUUID(), enable: false, totalBytes: 0, expiryTime: 0 });
    expect(stored(1, "off@x-1")?.enable).toBe(false);
  });

  it("maps duplicate email and unknown client as the v2 adapter does", async () => {
    const input = { email: "dup@x-1", credential: randomUUID(), enable: true, totalBytes: 0, expiryTime: 0 };
    await panel.addClient(2, input);
    expect((await domainErrorOf(() => panel.addClient(2, { ...input, credential: randomUUID() }))).code).toBe("CONFLICT");
    expect((await domainErrorOf(() => panel.getClientTraffic("ghost"))).code).toBe("NOT_FOUND");
    expect((await domainErrorOf(() => panel.deleteClient(2, "ghost"))).code).toBe("NOT_FOUND");
    expect((await domainErrorOf(() => panel.addClient(42, input))).code).toBe("NOT_FOUND");
  });

  it("reports a rejected token as bad credentials", async () => {
    const bad = createPanelClient({ url: sim.url, username: USER, password: PASS, apiToken: "wrong-token" });
    const e = await domainErrorOf(() => bad.listInbounds());
    expect(e.code).toBe("UNAVAILABLE");
    expect(e.details?.reason).toBe("panel_bad_token");
  });

  it("v3 mode has dropped the old inbound client routes, even for a valid token", async () => {
    const res = await fetch(new URL("panel/api/inbounds/addClient", sim.url), {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ id: 1, settings: "{}" }),
    });
    expect(res.status).toBe(404);
  });
});
