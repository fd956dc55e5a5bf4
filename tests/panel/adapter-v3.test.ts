// The Bearer path: with a node API token the adapter never logs in, and uses the client routes of the
// panel's version: /panel/api/clients on the newest 3x-ui, the inbound client routes on v3.0.x (Bearer
// already, old layout; the simulator's "v2.8" shape with a token). Each shape 404s the other's client
// routes, so a passing test proves the version was detected, not assumed from the token.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { XuiShape } from "../../simulators/xui/routes-settings";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui/server";
import { createPanelClient, type PanelClient } from "../../src/server/integrations/panel";
import { domainErrorOf, PASS, seedInbounds, TOKEN, USER } from "./helpers";

let sim: XuiSimulator;
let panel: PanelClient;
async function start(shape: XuiShape): Promise<void> {
  sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds(), apiToken: TOKEN, basePath: "/v3panel/", shape });
  // Wrong password on purpose: the token alone must be enough.
  panel = createPanelClient({ url: sim.url, username: USER, password: "unused", apiToken: TOKEN });
}
afterEach(() => sim.close());

const stored = (inboundId: number, email: string) =>
  sim.state.clientsOf(sim.state.getInbound(inboundId)).find((c) => c.email === email);

const email = "carol@example.com-abcd1234";
const password = `tj-${randomUUID()}`;
const LAYOUTS = [
  {
    shape: "latest" as const,
    version: "3.6.0",
    clientRoutes: "clients",
    calls: [
      "POST panel/api/clients/add",
      // Each update reads the client record first, to send its device limit back (clients-api.ts).
      `GET panel/api/clients/get/${email}`,
      `POST panel/api/clients/update/${email}`,
      `GET panel/api/clients/get/${email}`,
      `POST panel/api/clients/update/${email}`,
      `GET panel/api/clients/traffic/${email}`,
      "POST panel/api/clients/onlines",
      `POST panel/api/clients/resetTraffic/${email}`,
      `GET panel/api/clients/traffic/${email}`,
      `POST panel/api/clients/del/${email}`,
    ],
  },
  {
    shape: "v2.8" as const,
    version: null,
    clientRoutes: "inbounds",
    calls: [
      "POST panel/api/inbounds/addClient",
      `POST panel/api/inbounds/updateClient/${password}`,
      `POST panel/api/inbounds/updateClient/${password}`,
      `GET panel/api/inbounds/getClientTraffics/${email}`,
      "POST panel/api/inbounds/onlines",
      `POST panel/api/inbounds/3/resetClientTraffic/${email}`,
      `GET panel/api/inbounds/getClientTraffics/${email}`,
      `POST panel/api/inbounds/3/delClient/${password}`,
    ],
  },
];

describe.each(LAYOUTS)("panel adapter: Bearer API on the $shape layout", ({ shape, version, clientRoutes, calls }) => {
  beforeEach(() => start(shape));

  it("lists inbounds and tests the connection without logging in", async () => {
    expect(await panel.listInbounds()).toHaveLength(4);
    expect(await panel.testConnection()).toEqual({ api: "v3-bearer", version, clientRoutes, inboundCount: 4, elapsedMs: expect.any(Number) });
    expect(sim.loginAttempts).toEqual([]);
  });

  it("drives a client's whole life through the layout's client routes", async () => {
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

    // Reads of inbounds (list, get/:id) and the one version probe are not client calls.
    const clientCalls = sim.requests.filter((r) => !/panel\/api\/(inbounds\/(list|get\/)|server\/status)/.test(r));
    expect(clientCalls).toEqual(calls);
    expect(sim.requests.filter((r) => r.endsWith("server/status"))).toHaveLength(1);
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

});

describe("panel adapter: the newest 3x-ui only", () => {
  beforeEach(() => start("latest"));

  it("keeps the operator's per-client device limit (limitHwid) through every update", async () => {
    await panel.addClient(2, { email: "dev@x-1", credential: randomUUID(), enable: true, totalBytes: 0, expiryTime: 0 });
    // Set in the panel by its operator; the panel's update route would reset it to 0 if not sent back.
    sim.state.limitHwid.set("dev@x-1", 3);
    await panel.updateClient(2, "dev@x-1", { totalBytes: 5 });
    await panel.setClientEnabled(2, "dev@x-1", false);
    expect(sim.state.limitHwid.get("dev@x-1")).toBe(3);
    // It lives on the client record, never in the inbound's settings.
    expect(stored(2, "dev@x-1")).toMatchObject({ totalGB: 5, enable: false });
    expect(stored(2, "dev@x-1")).not.toHaveProperty("limitHwid");
  });

  it("has dropped the old inbound client routes, even for a valid token", async () => {
    const res = await fetch(new URL("panel/api/inbounds/addClient", sim.url), {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ id: 1, settings: "{}" }),
    });
    expect(res.status).toBe(404);
  });
});
