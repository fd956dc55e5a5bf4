import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEpaySimulator, type EpaySimulator } from "../../simulators/epay/server";
import { epayCreate, epayCreateMapi, epayQuery, epaySign, epayVerifyNotify, type EpayConfig } from "../../src/server/integrations/payments";
import { startReceiver } from "./receiver";

const KEY = "89unJUB8HZ54Hj7x4nUj56HN4nUzUJ8i";
let sim: EpaySimulator;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let cfg: EpayConfig;
let n = 0;
const tradeNo = () => `T${Date.now()}${n++}`;

beforeAll(async () => {
  sim = await startEpaySimulator({ merchants: [{ pid: "1001", key: KEY }, { pid: "2002", key: "other-merchant-key" }], notifyRetryDelaysMs: [20, 20, 20] });
  rx = await startReceiver((_, i) => (i === 1 ? "fail" : "success"));
  cfg = { gatewayUrl: sim.url, pid: "1001", key: KEY, channels: ["alipay", "wxpay"] };
});
afterAll(async () => {
  await sim.close();
  await rx.close();
});

const create = (over: Partial<Parameters<typeof epayCreate>[1]> = {}) =>
  ({ tradeNo: tradeNo(), amountMinor: 1050, subject: "Pro plan · 30 days", notifyUrl: rx.url, returnUrl: "http://shop.example/return", clientIp: "203.0.113.9", channel: "alipay", ...over });

describe("epay signature", () => {
  it("is md5 of the sorted raw k=v pairs without sign, sign_type and empty values, key appended directly", () => {
    const params = { pid: "1001", type: "alipay", out_trade_no: "20160806151343349", notify_url: "http://www.pay.com/notify_url.php", name: "VIP会员", money: "1.00", sitename: "", sign: "x", sign_type: "MD5" };
    const text = "money=1.00&name=VIP会员&notify_url=http://www.pay.com/notify_url.php&out_trade_no=20160806151343349&pid=1001&type=alipay";
    expect(epaySign(params, KEY)).toBe(createHash("md5").update(text + KEY, "utf8").digest("hex"));
  });
});

describe("epay notify verification", () => {
  const signed = (p: Record<string, string>, key = KEY) => ({ ...p, sign: epaySign(p, key), sign_type: "MD5" });
  const base = { pid: "1001", trade_no: "2026070112345678", out_trade_no: "RB1", type: "alipay", name: "Pro", money: "10.50", trade_status: "TRADE_SUCCESS" };

  it("accepts a correctly signed notify and reads the amount exactly as sent", () => {
    expect(epayVerifyNotify(cfg, signed(base))).toEqual({ ok: true, tradeNo: "RB1", providerTradeNo: "2026070112345678", amountMinor: 1050, paid: true, channel: "alipay" });
    expect(epayVerifyNotify(cfg, signed({ ...base, money: "10" }))).toMatchObject({ ok: true, amountMinor: 1000 });
    expect(epayVerifyNotify(cfg, signed({ ...base, trade_status: "WAIT" }))).toMatchObject({ ok: true, paid: false });
  });

  it("refuses forged signatures, a changed amount, another merchant and junk", () => {
    expect(epayVerifyNotify(cfg, signed(base, "guessed-key"))).toEqual({ ok: false, reason: "bad_signature" });
    expect(epayVerifyNotify(cfg, { ...signed(base), money: "0.01" })).toEqual({ ok: false, reason: "bad_signature" });
    expect(epayVerifyNotify(cfg, { ...signed(base), sign: "" })).toEqual({ ok: false, reason: "malformed" });
    expect(epayVerifyNotify(cfg, signed({ ...base, pid: "2002" }))).toEqual({ ok: false, reason: "wrong_merchant" });
    expect(epayVerifyNotify(cfg, signed({ ...base, money: "10.505" }))).toEqual({ ok: false, reason: "malformed" });
    expect(epayVerifyNotify(cfg, signed({ ...base, out_trade_no: "" }))).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("epay against the simulator", () => {
  it("create -> cashier -> pay -> signed GET notify (retried until 'success') -> verifies; the browser returns with the same query", async () => {
    const input = create();
    const { payUrl } = await epayCreate(cfg, input);
    expect(payUrl.startsWith(`${sim.url}submit.php?`)).toBe(true);
    expect(new URL(payUrl).searchParams.get("money")).toBe("10.50");
    const cashier = await (await fetch(payUrl)).text();
    expect(cashier).toContain("Pro plan · 30 days");
    expect(cashier).toContain("¥10.50");
    const order = sim.orders().find((o) => o.outTradeNo === input.tradeNo)!;
    const action = /action="([^"]+)"/.exec(cashier)![1]!;
    const paid = await fetch(new URL(action, sim.url), { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get("location")!);
    expect(back.origin + back.pathname).toBe("http://shop.example/return");

    const received = await rx.waitFor(2); // the first reply was "fail": the platform retried
    expect(received.every((r) => r.method === "GET")).toBe(true);
    const note = sim.notifications().find((x) => x.outTradeNo === input.tradeNo)!;
    await note.done;
    expect(note.delivered).toBe(true);
    expect(note.attempts.map((a) => a.accepted)).toEqual([false, true]);
    const v = epayVerifyNotify(cfg, received.at(-1)!.query);
    expect(v).toEqual({ ok: true, tradeNo: input.tradeNo, providerTradeNo: order.tradeNo, amountMinor: 1050, paid: true, channel: "alipay" });
    expect(epayVerifyNotify(cfg, Object.fromEntries(back.searchParams))).toMatchObject({ ok: true, tradeNo: input.tradeNo });
  });

  it("newer builds send money as a float ('10' for '10.00'): still the same amount", async () => {
    const input = create({ amountMinor: 1000 });
    await fetch((await epayCreate(cfg, input)).payUrl);
    sim.setNotifyMoneyStyle("float");
    try {
      const count = rx.received.length;
      await sim.pay(input.tradeNo);
      const r = await rx.waitFor(count + 1);
      expect(r.at(-1)!.query.money).toBe("10");
      expect(epayVerifyNotify(cfg, r.at(-1)!.query)).toMatchObject({ ok: true, amountMinor: 1000 });
    } finally {
      sim.setNotifyMoneyStyle("as_sent");
    }
  });

  it("a tampered notify is refused (bad signature) or shows its real amount (signed other amount)", async () => {
    const input = create();
    await fetch((await epayCreate(cfg, input)).payUrl);
    sim.setTamper({ badSignature: true });
    const forged = await sim.pay(input.tradeNo);
    expect(epayVerifyNotify(cfg, forged.params)).toEqual({ ok: false, reason: "bad_signature" });
    sim.setTamper({ money: "0.01" });
    const cheap = await sim.pay(input.tradeNo);
    // The amount is reported as sent, so the payments service's comparison with 1050 refuses it.
    expect(epayVerifyNotify(cfg, cheap.params)).toMatchObject({ ok: true, amountMinor: 1 });
    sim.setTamper(null);
  });

  it("queries: not found, unpaid, paid; a wrong key throws a typed refusal without the key", async () => {
    expect(await epayQuery(cfg, "never-created")).toEqual({ found: false, paid: false });
    const input = create({ amountMinor: 2000 });
    await fetch((await epayCreate(cfg, input)).payUrl);
    const unpaid = await epayQuery(cfg, input.tradeNo);
    expect(unpaid).toMatchObject({ found: true, paid: false, amountMinor: 2000 });
    await sim.pay(input.tradeNo);
    const paid = await epayQuery(cfg, input.tradeNo);
    expect(paid).toMatchObject({ found: true, paid: true, amountMinor: 2000, providerTradeNo: sim.orders().find((o) => o.outTradeNo === input.tradeNo)!.tradeNo });

    const err = await epayQuery({ ...cfg, key: "wrong-key-123" }, input.tradeNo).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "UNAVAILABLE", reason: "payment_gateway_refused", details: { provider: "epay", detail: "KEY校验失败", gatewayCode: -2 } });
    expect(JSON.stringify(err) + String((err as Error).message)).not.toContain("wrong-key-123");
    await expect(epayQuery({ ...cfg, pid: "9999" }, input.tradeNo)).rejects.toMatchObject({ details: { gatewayCode: -3 } });
  });

  it("mapi.php: server-side create gives a pay link, or a QR payload for WeChat", async () => {
    const link = await epayCreateMapi(cfg, create());
    expect(link.payUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cashier\/\d+$/);
    expect(link.qrCode).toBeUndefined();
    expect(link.providerTradeNo).toMatch(/^\d+$/);
    const qr = await epayCreateMapi(cfg, create({ channel: "wxpay" }));
    expect(qr.qrCode).toBeDefined();
    await expect(epayCreateMapi({ ...cfg, key: "nope" }, create())).rejects.toMatchObject({ reason: "payment_gateway_refused" });
  });

  it("an unreachable gateway is a 503-class error naming the provider only", async () => {
    const closed = await startEpaySimulator();
    await closed.close();
    const err = await epayQuery({ ...cfg, gatewayUrl: closed.url }, "x").catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "UNAVAILABLE", reason: "payment_gateway_unreachable", details: { provider: "epay" } });
    expect(JSON.stringify(err)).not.toContain(KEY);
  });
});
