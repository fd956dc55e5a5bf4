import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEpaySimulator, type EpaySimulator } from "../../simulators/epay/server";
import { gatewayFetch } from "../../src/server/integrations/payments/gateway-http";

let sim: EpaySimulator;
beforeAll(async () => {
  sim = await startEpaySimulator({ merchants: [{ pid: "1001", key: "k" }] });
});
afterAll(() => sim.close());

describe("gateway HTTP", () => {
  it("a gateway that never answers times out as a typed error with the deadline, not the URL", async () => {
    const server = createServer(() => {}); // accepts, never answers
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api.php?key=merchant-secret`;
      const err = await gatewayFetch("epay", url, {}, 1000).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "UNAVAILABLE", reason: "payment_gateway_timeout", details: { provider: "epay", seconds: 1 } });
      expect(JSON.stringify(err) + (err as Error).message).not.toContain("merchant-secret");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("the epay simulator's api.php answers the documented error codes", async () => {
    const ask = async (q: string) => (await (await fetch(`${sim.url}api.php?${q}`)).json()) as { code: number; msg: string };
    expect(await ask("act=nope")).toMatchObject({ code: -5, msg: "No Act!" });
    expect(await ask("act=order&pid=1001&key=k")).toMatchObject({ code: -4 });
    expect(await ask("act=order&pid=9&key=k&out_trade_no=x")).toMatchObject({ code: -3 });
    expect(await ask("act=order&pid=1001&key=bad&out_trade_no=x")).toMatchObject({ code: -2 });
    expect(await ask("act=order&pid=1001&key=k&trade_no=x")).toMatchObject({ code: -1 });
  });
});
