// Both transports of the content endpoint hand the device headers to the pipeline: the custom
// server's lean handler (a real socket, as clients reach it) and the Next route.
import { eq } from "drizzle-orm";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installDb } from "../../src/server/db/client";
import { subscriptionDevices } from "../../src/server/db/schema";
import { CLIENT_IP_HEADER } from "../../src/server/http/client-ip";
import { parseTrustedProxies } from "../../src/server/http/client-ip";
import { makeRequestListener } from "../../src/server/http/request-listener";
import { subscriptionGet } from "../../src/server/http/subscription-route";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { openShop } from "../commerce/fixtures";
import { docIp, planWithLimit, subscribe } from "./fixtures";

const shop = openShop();
let server: Server;
let base = "";

beforeAll(async () => {
  const next = async (_req: unknown, res: import("node:http").ServerResponse) => {
    res.writeHead(404);
    res.end();
  };
  server = createServer(makeRequestListener(next, { trusted: parseTrustedProxies("127.0.0.1"), appHttps: false, dev: false, db: shop.db }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await flushAccessLogs();
});

const happ = (hwid: string, model: string) => ({ "user-agent": "Happ/3.1.0", "x-hwid": hwid, "x-device-os": "iOS", "x-ver-os": "17.4", "x-device-model": model });

describe("device headers on both transports", () => {
  it("the lean handler registers the device from the request headers and answers the x-hwid headers", async () => {
    const { sub, token } = await subscribe(shop, (await planWithLimit(shop, 1)).id);
    const get = (headers: Record<string, string>) => fetch(`${base}/api/subscription/${sub.id}?token=${token}&format=plain`, { headers: { "x-forwarded-for": docIp(), ...headers } });
    const ok = await get(happ("lean-device-0001", "iPhone15,2"));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-hwid-active")).toBe("true");
    expect(ok.headers.get("x-hwid-limit")).toBe("true");
    const [row] = await shop.db.select().from(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, sub.id));
    expect(row).toMatchObject({ deviceOs: "iOS", osVersion: "17.4", deviceModel: "iPhone15,2", userAgent: "Happ/3.1.0" });
    const refused = await get(happ("lean-device-0002", "iPad"));
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-hwid-max-devices-reached")).toBe("true");
    expect(((await refused.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe("subscription_device_limit");
    const noHwid = await get({ "user-agent": "v2rayNG/1.9.0" });
    expect(noHwid.status).toBe(200);
    expect(noHwid.headers.get("x-hwid-not-supported")).toBe("true");
  });

  it("the Next route does the same", async () => {
    installDb(shop.raw);
    const { sub, token } = await subscribe(shop, (await planWithLimit(shop, 1)).id);
    const get = (headers: Record<string, string>) =>
      subscriptionGet(new Request(`http://localhost/api/subscription/${sub.id}?token=${token}&format=plain`, { headers: { [CLIENT_IP_HEADER]: docIp(), ...headers } }), sub.id);
    const ok = await get(happ("route-device-0001", "Pixel 8"));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-hwid-active")).toBe("true");
    const [row] = await shop.db.select().from(subscriptionDevices).where(eq(subscriptionDevices.subscriptionId, sub.id));
    expect(row).toMatchObject({ deviceModel: "Pixel 8", osVersion: "17.4" });
    const refused = await get(happ("route-device-0002", "Pixel 9"));
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-hwid-max-devices-reached")).toBe("true");
  });
});
