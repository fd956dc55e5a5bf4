import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomTronAddress, startTronGridSimulator, type TronGridSimulator } from "../../simulators/trongrid/server";
import { listIncomingUsdt, USDT_TRC20_CONTRACT, type TronConfig } from "../../src/server/integrations/payments";

let sim: TronGridSimulator;
const NOW = Date.now();
const OTHER_CONTRACT = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";

beforeAll(async () => {
  sim = await startTronGridSimulator({ apiKey: "grid-key" });
});
afterAll(() => sim.close());

const config = (over: Partial<TronConfig> = {}): TronConfig => ({ apiUrl: sim.url.replace(/\/$/, ""), apiKey: "grid-key", address: randomTronAddress(), minConfirmations: 19, ...over });

describe("TronGrid incoming USDT", () => {
  it("pages across several pages with the fingerprint and keeps only USDT transfers to our address", async () => {
    const cfg = config();
    const ours = Array.from({ length: 450 }, (_, i) => sim.addTransfer({ to: cfg.address, amountMicro: 1_000_000 + i, blockTimestampMs: NOW - 60_000 - i * 1000 }));
    sim.addTransfer({ to: cfg.address, amountMicro: 5, contract: OTHER_CONTRACT, blockTimestampMs: NOW - 70_000 });
    sim.addTransfer({ to: randomTronAddress(), from: cfg.address, amountMicro: 6, blockTimestampMs: NOW - 70_000 }); // outgoing
    sim.addTransfer({ to: randomTronAddress(), amountMicro: 7, blockTimestampMs: NOW - 70_000 }); // someone else's
    sim.addTransfer({ to: cfg.address, amountMicro: 8, type: "Approval", blockTimestampMs: NOW - 70_000 });
    sim.addTransfer({ to: cfg.address, amountMicro: "12.5", blockTimestampMs: NOW - 70_000 }); // not an integer: never matched
    sim.addTransfer({ to: cfg.address, amountMicro: 9, blockTimestampMs: NOW - 3 * 3600_000 }); // before the window
    const before = sim.requests.length;

    const got = await listIncomingUsdt(cfg, { sinceMs: NOW - 3600_000, now: NOW });
    expect(got.map((t) => t.txId).sort()).toEqual([...ours].sort());
    expect(got[0]).toMatchObject({ amountMicro: 1_000_000, blockTimestampMs: NOW - 60_000 });
    expect(typeof got[0]!.from).toBe("string");

    const reqs = sim.requests.slice(before);
    expect(reqs).toHaveLength(3);
    expect(reqs.every((r) => r.apiKey === "grid-key" && r.status === 200)).toBe(true);
    expect(reqs[0]!.query).toMatchObject({ only_to: "true", only_confirmed: "true", limit: "200", contract_address: USDT_TRC20_CONTRACT, min_timestamp: String(NOW - 3600_000) });
    expect(reqs[0]!.query.fingerprint).toBeUndefined();
    expect(reqs[1]!.query.fingerprint).toBeTruthy();
  });

  it("confirmations: 19+ asks for solidified rows, 0 takes everything, in between waits n x 3 s of block age", async () => {
    const cfg = config();
    const fresh = sim.addTransfer({ to: cfg.address, amountMicro: 1, confirmed: false, blockTimestampMs: NOW - 5_000 });
    const older = sim.addTransfer({ to: cfg.address, amountMicro: 2, confirmed: false, blockTimestampMs: NOW - 40_000 });
    const solid = sim.addTransfer({ to: cfg.address, amountMicro: 3, confirmed: true, blockTimestampMs: NOW - 120_000 });
    const ids = async (minConfirmations: number) => (await listIncomingUsdt({ ...cfg, minConfirmations }, { sinceMs: NOW - 3600_000, now: NOW })).map((t) => t.txId).sort();
    expect(await ids(19)).toEqual([solid]);
    expect(await ids(0)).toEqual([fresh, older, solid].sort());
    expect(await ids(10)).toEqual([older, solid].sort()); // 30 s of blocks: the 5 s old one waits
    expect(sim.requests.at(-1)!.query.only_confirmed).toBeUndefined();
  });

  it("works without an API key header when none is configured", async () => {
    const open = await startTronGridSimulator();
    try {
      const cfg = { ...config(), apiUrl: open.url, apiKey: undefined };
      open.addTransfer({ to: cfg.address, amountMicro: 42 });
      expect(await listIncomingUsdt(cfg, { sinceMs: 0 })).toHaveLength(1);
      expect(open.requests[0]!.apiKey).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it.each([429, 403, 503] as const)("HTTP %s (an exhausted key) is unavailable with a retry hint", async (status) => {
    sim.setRateLimited(status, 30);
    try {
      await expect(listIncomingUsdt(config(), { sinceMs: 0 })).rejects.toMatchObject({
        code: "UNAVAILABLE",
        reason: "payment_gateway_rate_limited",
        details: { provider: "usdt_trc20", retryAfterSeconds: 30 },
      });
    } finally {
      sim.setRateLimited(null);
    }
  });

  it("a refused key is reported with TronGrid's words", async () => {
    await expect(listIncomingUsdt(config({ apiKey: "wrong" }), { sinceMs: 0 })).rejects.toMatchObject({ reason: "payment_gateway_refused", details: { detail: "ApiKey not exists" } });
  });
});
