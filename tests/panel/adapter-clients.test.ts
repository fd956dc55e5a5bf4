// Client operations of the adapter against the simulator in both route layouts (v2.8.11's and the
// newest 3x-ui's), for every provisionable protocol, checking both what the adapter returns and what the
// panel stored and was asked. Each layout 404s the other's client routes, so these only pass when the
// adapter detected the panel's version.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { XuiSimulator } from "../../simulators/xui/server";
import type { PanelClient } from "../../src/server/integrations/panel";
import { CLIENT_WRITES, domainErrorOf, panelFor, SHAPES, writeRoutes } from "./helpers";

let sim: XuiSimulator;
let panel: PanelClient;

const GB = 1024 ** 3;
const storedClient = (inboundId: number, email: string) =>
  sim.state.clientsOf(sim.state.getInbound(inboundId)).find((c) => c.email === email);

describe.each(SHAPES)("3x-ui shape $shape", ({ shape, clientRoutes }) => {
  beforeEach(async () => {
    ({ sim, panel } = await panelFor(shape));
  });
  afterEach(async () => {
    // Whatever a test did, it never touched the other layout's client routes.
    const other = clientRoutes === "clients" ? CLIENT_WRITES.inbounds : CLIENT_WRITES.clients;
    const stray = sim.requests.filter((r) => other.test(r));
    await sim.close();
    expect(stray).toEqual([]);
  });
  const routes = writeRoutes(clientRoutes);

  const cases = [
    { protocol: "vmess", inboundId: 1, field: "id", keyOf: (cred: string) => cred, newCred: () => randomUUID() },
    { protocol: "vless", inboundId: 2, field: "id", keyOf: (cred: string) => cred, newCred: () => randomUUID() },
    { protocol: "trojan", inboundId: 3, field: "password", keyOf: (cred: string) => cred, newCred: () => `tj-${randomUUID()}` },
    { protocol: "shadowsocks", inboundId: 4, field: "password", keyOf: (_: string, email?: string) => email ?? "", newCred: () => `ss-${randomUUID()}` },
  ] as const;

  describe.each(cases)("panel adapter: $protocol clients", ({ protocol, inboundId, field, keyOf, newCred }) => {
    const email = `alice@example.com-${protocol.slice(0, 4)}1234`;

    it("adds a client with the credential in the protocol's field, bytes and ms", async () => {
      const credential = newCred();
      const expiry = Date.UTC(2030, 0, 1);
      await panel.addClient(inboundId, { email, credential, enable: true, totalBytes: 50 * GB, expiryTime: expiry, subId: "sub-1" });
      expect(storedClient(inboundId, email)).toMatchObject({ [field]: credential, totalGB: 50 * GB, expiryTime: expiry, enable: true, subId: "sub-1" });
      const inbound = (await panel.listInbounds()).find((i) => i.id === inboundId);
      expect(inbound?.clients.find((c) => c.email === email)).toMatchObject({ credential, totalBytes: 50 * GB, expiryTime: expiry });
      expect(inbound?.clientStats.find((t) => t.email === email)).toMatchObject({ up: 0, down: 0, totalBytes: 50 * GB, enable: true });
    });

    it("updates, disables, enables and deletes it through the right :clientId", async () => {
      const first = newCred();
      await panel.addClient(inboundId, { email, credential: first, enable: true, totalBytes: 0, expiryTime: 0 });
      const createdAt = storedClient(inboundId, email)?.created_at;

      const second = newCred();
      await panel.updateClient(inboundId, email, { credential: second, totalBytes: 10 * GB, expiryTime: 123 });
      expect(sim.requests).toContain(routes.update(inboundId, keyOf(first, email), email));
      expect(storedClient(inboundId, email)).toMatchObject({ [field]: second, totalGB: 10 * GB, expiryTime: 123, created_at: createdAt });

      await panel.setClientEnabled(inboundId, email, false);
      expect(storedClient(inboundId, email)?.enable).toBe(false);
      expect(sim.state.trafficRow(email)?.enable).toBe(false);
      expect(sim.requests).toContain(routes.update(inboundId, keyOf(second, email), email));
      await panel.setClientEnabled(inboundId, email, true);
      expect(storedClient(inboundId, email)?.enable).toBe(true);

      await panel.deleteClient(inboundId, email);
      expect(sim.requests).toContain(routes.del(inboundId, keyOf(second, email), email));
      expect(storedClient(inboundId, email)).toBeUndefined();
      // The panel would say "deleted" again (v2.8.11 quirk); we say NOT_FOUND so retries can stop.
      expect((await domainErrorOf(() => panel.deleteClient(inboundId, email))).code).toBe("NOT_FOUND");
    });

    it("refuses a duplicate email, whatever its case and inbound", async () => {
      await panel.addClient(inboundId, { email, credential: newCred(), enable: true, totalBytes: 0, expiryTime: 0 });
      const e = await domainErrorOf(() =>
        panel.addClient(inboundId, { email: email.toUpperCase(), credential: newCred(), enable: true, totalBytes: 0, expiryTime: 0 }),
      );
      expect(e.code).toBe("CONFLICT");
      expect(e.details).toMatchObject({ reason: "panel_duplicate_email", email: email.toUpperCase() });
      const other = inboundId === 1 ? 3 : 1;
      const e2 = await domainErrorOf(() => panel.addClient(other, { email, credential: randomUUID(), enable: true, totalBytes: 0, expiryTime: 0 }));
      expect(e2.code).toBe("CONFLICT");
    });
  });

  describe("panel adapter: errors, traffic and online clients", () => {
    const client = (email: string) => ({ email, credential: randomUUID(), enable: true, totalBytes: 0, expiryTime: 0 });

    it("reports an unknown inbound or client as NOT_FOUND", async () => {
      const e = await domainErrorOf(() => panel.addClient(99, client("x@y-1")));
      expect(e.code).toBe("NOT_FOUND");
      expect(e.details?.reason).toBe("panel_unknown_inbound");
      for (const call of [() => panel.updateClient(1, "ghost", { enable: false }), () => panel.deleteClient(1, "ghost"), () => panel.getClientTraffic("ghost")]) {
        const err = await domainErrorOf(call);
        expect([err.code, err.details?.reason]).toEqual(["NOT_FOUND", "panel_unknown_client"]);
      }
      expect((await domainErrorOf(() => panel.resetClientTraffic(1, "ghost"))).code).toBe("NOT_FOUND");
    });

    it("refuses to delete an inbound's last client", async () => {
      const e = await domainErrorOf(() => panel.deleteClient(1, "keep-vmess"));
      expect(e.code).toBe("CONFLICT");
      expect(e.details?.reason).toBe("panel_last_client");
    });

    it("creates a client disabled when asked", async () => {
      await panel.addClient(2, { ...client("off@x-1"), enable: false });
      expect(storedClient(2, "off@x-1")?.enable).toBe(false);
    });

    it("reads traffic by email after the counters move, and resets it", async () => {
      await panel.addClient(1, { ...client("bob@x-1"), totalBytes: 10 * GB });
      sim.addTraffic("bob@x-1", 1500, 250_000);
      sim.addTraffic("bob@x-1", 500, 0);
      expect(await panel.getClientTraffic("bob@x-1")).toMatchObject({ email: "bob@x-1", inboundId: 1, up: 2000, down: 250_000, allTime: 252_000, totalBytes: 10 * GB, enable: true });
      const stats = (await panel.listInbounds())[0]?.clientStats.find((t) => t.email === "bob@x-1");
      expect(stats).toMatchObject({ up: 2000, down: 250_000 });
      expect(stats?.lastOnline).toBeGreaterThan(0);

      await panel.resetClientTraffic(1, "bob@x-1");
      expect(await panel.getClientTraffic("bob@x-1")).toMatchObject({ up: 0, down: 0, allTime: 252_000 });
    });

    it("reset re-enables a depleted client's traffic row but not a client we disabled", async () => {
      await panel.addClient(3, { ...client("quota@x-1"), totalBytes: 1000 });
      sim.addTraffic("quota@x-1", 600, 600);
      expect(sim.state.trafficRow("quota@x-1")?.enable).toBe(false);
      await panel.resetClientTraffic(3, "quota@x-1");
      expect(sim.state.trafficRow("quota@x-1")?.enable).toBe(true);

      await panel.setClientEnabled(3, "quota@x-1", false);
      await panel.resetClientTraffic(3, "quota@x-1");
      expect((await panel.getClientTraffic("quota@x-1")).enable).toBe(false);
    });

    it("lists online clients: [] right after start (panel sends null), then who had traffic", async () => {
      expect(await panel.onlineClients()).toEqual([]);
      await panel.addClient(1, client("on@x-1"));
      sim.addTraffic("on@x-1", 1, 1);
      expect(await panel.onlineClients()).toEqual(["on@x-1"]);
    });

    it("keeps fields it does not model when updating (tgId stored as \"\" by the UI)", async () => {
      await panel.updateClient(1, "keep-vmess", { comment: "hello" });
      expect(storedClient(1, "keep-vmess")).toMatchObject({ comment: "hello", tgId: 0, limitIp: 0, subId: "" });
    });
  });
});
