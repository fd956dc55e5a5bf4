import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAlipaySimulator, type AlipaySimulator } from "../../simulators/alipay/server";
import { alipayPrecreate, alipayQuery, alipayVerifyNotify, type AlipayConfig } from "../../src/server/integrations/payments";
import { startReceiver } from "./receiver";

let sim: AlipaySimulator;
let other: AlipaySimulator; // a second "Alipay" whose keys are not ours
let rx: Awaited<ReturnType<typeof startReceiver>>;
let cfg: AlipayConfig;
let n = 0;
const tradeNo = () => `A${Date.now()}${n++}`;

beforeAll(async () => {
  [sim, other] = await Promise.all([startAlipaySimulator({ notifyRetryDelaysMs: [20, 20] }), startAlipaySimulator()]);
  // Alipay wants the literal "success"; anything else (here: the first reply) makes it retry.
  rx = await startReceiver((_, i) => (i === 1 ? "success\n" : "success"));
  cfg = { appId: sim.appId, privateKey: sim.appPrivateKey, alipayPublicKey: sim.alipayPublicKey, gatewayUrl: sim.gatewayUrl };
});
afterAll(async () => {
  await Promise.all([sim.close(), other.close(), rx.close()]);
});

const precreate = (c: AlipayConfig, no: string, amountMinor = 1050) => alipayPrecreate(c, { tradeNo: no, amountMinor, subject: "Pro plan", notifyUrl: rx.url, timeoutMinutes: 30 });

describe("Alipay face-to-face against the simulator", () => {
  it("precreate -> QR -> query (not found, waiting, paid) -> signed notify retried until exactly 'success' -> verifies", async () => {
    const no = tradeNo();
    const { qrCode } = await precreate(cfg, no);
    expect(qrCode).toBe(`${sim.url}qr/${no}`);
    expect(sim.trades().find((t) => t.outTradeNo === no)!.totalAmount).toBe("10.50");
    expect(await alipayQuery(cfg, no)).toEqual({ found: false, paid: false });

    const page = await (await fetch(qrCode)).text(); // opening the page is the scan
    expect(page).toContain("¥10.50");
    expect(await alipayQuery(cfg, no)).toMatchObject({ found: true, paid: false, amountMinor: 1050 });

    const action = /action="([^"]+)"/.exec(page)![1]!;
    expect((await fetch(new URL(action, sim.url), { method: "POST" })).status).toBe(200);
    const received = await rx.waitFor(2);
    expect(received.every((r) => r.method === "POST")).toBe(true);
    const note = sim.notifications().find((x) => x.outTradeNo === no)!;
    await note.done;
    expect(note.attempts.map((a) => a.accepted)).toEqual([false, true]);

    const trade = sim.trades().find((t) => t.outTradeNo === no)!;
    expect(alipayVerifyNotify(cfg, received.at(-1)!.form)).toEqual({ ok: true, tradeNo: no, providerTradeNo: trade.tradeNo, amountMinor: 1050, paid: true });
    expect(await alipayQuery(cfg, no)).toEqual({ found: true, paid: true, amountMinor: 1050, providerTradeNo: trade.tradeNo });
  });

  it("accepts PKCS#1 PEM and bare base64 keys", async () => {
    const pkcs1 = { ...cfg, privateKey: sim.appPrivateKeyPkcs1 };
    const bare = { ...cfg, privateKey: sim.appPrivateKeyBase64, alipayPublicKey: sim.alipayPublicKeyBase64 };
    await expect(precreate(pkcs1, tradeNo())).resolves.toHaveProperty("qrCode");
    await expect(precreate(bare, tradeNo())).resolves.toHaveProperty("qrCode");
  });

  it("refuses tampered notifies: forged signature, changed amount, another app, junk", async () => {
    const no = tradeNo();
    await precreate(cfg, no);
    sim.setTamper({ badSignature: true });
    const forged = await sim.pay(no);
    expect(alipayVerifyNotify(cfg, forged.params)).toEqual({ ok: false, reason: "bad_signature" });
    sim.setTamper({ appId: "2021000000000000" });
    const otherApp = await sim.pay(no);
    expect(alipayVerifyNotify(cfg, otherApp.params)).toEqual({ ok: false, reason: "wrong_app" });
    sim.setTamper(null);
    const good = (await sim.pay(no)).params;
    expect(alipayVerifyNotify(cfg, good)).toMatchObject({ ok: true });
    expect(alipayVerifyNotify(cfg, { ...good, total_amount: "0.01" })).toEqual({ ok: false, reason: "bad_signature" });
    expect(alipayVerifyNotify(cfg, { ...good, sign: "" })).toEqual({ ok: false, reason: "malformed" });
    expect(alipayVerifyNotify(cfg, { ...good, sign: "not base64 at all!" })).toEqual({ ok: false, reason: "bad_signature" });
    // Verified with the wrong Alipay public key: nothing from another key pair passes.
    expect(alipayVerifyNotify({ ...cfg, alipayPublicKey: other.alipayPublicKey }, good)).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("a request signed with the wrong app key is refused by the gateway (40002)", async () => {
    const err = await precreate({ ...cfg, privateKey: other.appPrivateKey }, tradeNo()).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "UNAVAILABLE", reason: "payment_gateway_refused", details: { provider: "alipay_f2f", gatewayCode: "isv.invalid-signature" } });
  });

  it("an answer not signed by the configured Alipay key is not trusted", async () => {
    await expect(precreate({ ...cfg, alipayPublicKey: other.alipayPublicKey }, tradeNo())).rejects.toMatchObject({ reason: "payment_gateway_bad_response" });
  });

  it("a paid trade cannot be precreated again; an unreachable gateway is unavailable", async () => {
    const no = tradeNo();
    await precreate(cfg, no);
    await sim.pay(no);
    await expect(precreate(cfg, no)).rejects.toMatchObject({ reason: "payment_gateway_refused", details: { gatewayCode: "ACQ.TRADE_HAS_SUCCESS" } });
    const gone = await startAlipaySimulator();
    await gone.close();
    await expect(alipayQuery({ ...cfg, gatewayUrl: gone.gatewayUrl }, no)).rejects.toMatchObject({ reason: "payment_gateway_unreachable" });
  });
});

// Item 11: answers checked whole. The seller (Alipay PID) of a notify, when configured, and the
// trade a query answer is about; both through the simulator's tampering controls, signed by Alipay.
describe("Alipay answers are checked whole", () => {
  it("a notify for another seller_id is refused when the seller is configured (and accepted without the setting)", async () => {
    const no = tradeNo();
    await precreate(cfg, no);
    const withSeller = { ...cfg, sellerId: sim.sellerId };
    sim.setTamper({ sellerId: "2088000000000001" });
    const foreign = (await sim.pay(no)).params;
    sim.setTamper(null);
    expect(foreign.seller_id).toBe("2088000000000001");
    expect(alipayVerifyNotify(withSeller, foreign)).toEqual({ ok: false, reason: "wrong_seller" });
    expect(alipayVerifyNotify(cfg, foreign)).toMatchObject({ ok: true }); // optional: off unless set
    const own = (await sim.pay(no)).params;
    expect(alipayVerifyNotify(withSeller, own)).toMatchObject({ ok: true, tradeNo: no });
    // seller_id removed: the signature breaks before the seller check is even reached.
    const { seller_id: _s, ...noSeller } = own;
    expect(alipayVerifyNotify(withSeller, noSeller)).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("a query answer about another out_trade_no (or with an unreadable amount) is refused, never taken as this trade's", async () => {
    const paidNo = tradeNo();
    await precreate(cfg, paidNo);
    await sim.pay(paidNo);
    const openNo = tradeNo();
    await precreate(cfg, openNo);
    sim.scan(openNo);
    try {
      sim.setTamper({ queryOutTradeNo: paidNo });
      await expect(alipayQuery(cfg, openNo)).rejects.toMatchObject({ code: "UNAVAILABLE", reason: "payment_gateway_answer_mismatch", details: { field: "out_trade_no" } });
      sim.setTamper({ queryTotalAmount: "1e3" });
      await expect(alipayQuery(cfg, paidNo)).rejects.toMatchObject({ reason: "payment_gateway_answer_mismatch", details: { field: "total_amount" } });
    } finally {
      sim.setTamper(null);
    }
    expect(await alipayQuery(cfg, openNo)).toMatchObject({ found: true, paid: false });
    expect(await alipayQuery(cfg, paidNo)).toMatchObject({ found: true, paid: true, amountMinor: 1050 });
  });
});
