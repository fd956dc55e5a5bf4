import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAlipaySimulator, type AlipaySimulator } from "../../simulators/alipay/server";
import { startEpaySimulator, type EpaySimulator } from "../../simulators/epay/server";
import { randomTronAddress, startTronGridSimulator, type TronGridSimulator } from "../../simulators/trongrid/server";
import { makeCtx } from "../../src/server/context";
import { decryptSecret } from "../../src/server/crypto/secrets";
import { auditLogs, paymentProviders } from "../../src/server/db/schema";
import * as svc from "../../src/server/services/payments-config";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const t = testDbForFile();
const EPAY_KEY = "epay-merchant-key-0123456789";
let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;
let epay: EpaySimulator;
let alipay: AlipaySimulator;
let tron: TronGridSimulator;

beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
  [epay, alipay, tron] = await Promise.all([startEpaySimulator({ merchants: [{ pid: "1001", key: EPAY_KEY }] }), startAlipaySimulator(), startTronGridSimulator({ apiKey: "grid-key" })]);
});
afterAll(async () => {
  await Promise.all([epay.close(), alipay.close(), tron.close()]);
});

const row = async (provider: string) => (await t.db.select().from(paymentProviders).where(eq(paymentProviders.provider, provider as "epay")))[0];

describe("payment provider configuration", () => {
  it("is admin-only, for reads and writes", async () => {
    await expect(svc.listPaymentProviderConfigs(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(svc.listPaymentProviderConfigs(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(svc.updatePaymentProviderConfig(user.ctx, "epay", { pid: "1" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(svc.testPaymentProvider(makeCtx(t.db, { kind: "agent", nodeId: "x" }), "epay")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await svc.listPaymentProviderConfigs(cliCtx(t.db))).toHaveLength(3);
  });

  it("lists every provider with defaults before anything is saved", async () => {
    const list = await svc.listPaymentProviderConfigs(admin.ctx);
    expect(list.map((p) => p.provider)).toEqual(["epay", "alipay_f2f", "usdt_trc20"]);
    const usdt = list.find((p) => p.provider === "usdt_trc20")!;
    expect(usdt).toMatchObject({ enabled: false, secrets: { apiKey: "unset" }, config: { apiUrl: "https://api.trongrid.io", minConfirmations: 19, contract: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }, notifyUrl: "" });
    expect(list.find((p) => p.provider === "alipay_f2f")!.config.gatewayUrl).toBe("https://openapi.alipay.com/gateway.do");
    expect(list.find((p) => p.provider === "epay")!.notifyUrl).toMatch(/\/api\/payment\/notify\/epay$/);
  });

  it("validates per provider, with field codes", async () => {
    const bad = async (provider: string, input: unknown) => (await svc.updatePaymentProviderConfig(admin.ctx, provider, input).catch((e: { details: { fields: Record<string, string> } }) => e)) as { code: string; details: { fields: Record<string, string> } };
    expect((await bad("epay", { gatewayUrl: "ftp://x", pid: "1 1", channels: "alipay,WX PAY" })).details.fields).toEqual({ gatewayUrl: "invalid_url", pid: "invalid", channels: "invalid" });
    expect((await bad("usdt_trc20", { address: "T123", rateMinorPerUsdt: "0", minConfirmations: 101 })).details.fields).toEqual({ address: "tron_address_format", rateMinorPerUsdt: "too_small", minConfirmations: "too_big" });
    expect((await bad("alipay_f2f", { privateKey: "not a key", alipayPublicKey: alipay.appPrivateKey })).details.fields).toEqual({ privateKey: "rsa_private_key_format", alipayPublicKey: "rsa_public_key_format" });
    expect((await bad("epay", { surprise: 1 })).details.fields).toEqual({ surprise: "unknown_field" });
    // Enabling needs every required field, secrets included.
    expect((await bad("epay", { enabled: true, gatewayUrl: epay.url, pid: "1001" })).details.fields).toEqual({ key: "required" });
    await expect(svc.updatePaymentProviderConfig(admin.ctx, "paypal", {})).rejects.toMatchObject({ code: "VALIDATION", reason: "payment_provider_unknown" });
  });

  it("stores secrets encrypted, never returns them, keeps them on an empty field, and audits without them", async () => {
    const r = await svc.updatePaymentProviderConfig(admin.ctx, "epay", { enabled: "on", displayName: "支付宝 / 微信", gatewayUrl: epay.url, pid: "1001", key: EPAY_KEY, channels: "alipay, wxpay" });
    expect(r.changed).toEqual(expect.arrayContaining(["enabled", "gatewayUrl", "pid", "key", "displayName"]));
    const stored = (await row("epay"))!;
    expect(stored.secretsEnc).not.toContain(EPAY_KEY);
    expect(JSON.parse(decryptSecret(stored.secretsEnc!))).toEqual({ key: EPAY_KEY });
    expect(JSON.stringify(stored.config)).not.toContain(EPAY_KEY);

    const list = await svc.listPaymentProviderConfigs(admin.ctx);
    expect(JSON.stringify(list)).not.toContain(EPAY_KEY);
    expect(list.find((p) => p.provider === "epay")).toMatchObject({ enabled: true, secrets: { key: "set" }, missing: [], config: { channels: ["alipay", "wxpay"] } });

    await svc.updatePaymentProviderConfig(admin.ctx, "epay", { key: "", pid: "1001", channels: ["alipay"] });
    expect(JSON.parse(decryptSecret((await row("epay"))!.secretsEnc!))).toEqual({ key: EPAY_KEY });
    expect(await svc.loadGatewayConfig(t.db, "epay")).toEqual({ gatewayUrl: epay.url, pid: "1001", key: EPAY_KEY, channels: ["alipay"] });

    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, "epay"));
    expect(audits.map((a) => a.action)).toContain("admin.payment_provider.update");
    expect(JSON.stringify(audits)).not.toContain(EPAY_KEY);
  });

  it("cannot clear a required secret of an enabled provider; can clear an optional one", async () => {
    await expect(svc.updatePaymentProviderConfig(admin.ctx, "epay", { clearSecrets: ["key"] })).rejects.toMatchObject({ details: { fields: { key: "required" } } });
    const address = randomTronAddress();
    await svc.updatePaymentProviderConfig(admin.ctx, "usdt_trc20", { enabled: true, apiUrl: tron.url, apiKey: "grid-key", address, rateMinorPerUsdt: "720", minConfirmations: "0" });
    expect(await svc.loadGatewayConfig(t.db, "usdt_trc20")).toMatchObject({ apiKey: "grid-key", address, rateMinorPerUsdt: 720, minConfirmations: 0 });
    await svc.updatePaymentProviderConfig(admin.ctx, "usdt_trc20", { clearSecrets: ["apiKey"] });
    const cfg = await svc.loadGatewayConfig(t.db, "usdt_trc20");
    expect(cfg).not.toHaveProperty("apiKey");
    await svc.updatePaymentProviderConfig(admin.ctx, "usdt_trc20", { apiKey: "grid-key" });
  });

  it("loads null for a disabled provider and lists enabled ones in order", async () => {
    expect(await svc.loadGatewayConfig(t.db, "alipay_f2f")).toBeNull();
    await svc.updatePaymentProviderConfig(admin.ctx, "usdt_trc20", { sortOrder: 1 });
    await svc.updatePaymentProviderConfig(admin.ctx, "epay", { sortOrder: 2 });
    expect(await svc.listEnabledProviders(t.db)).toEqual([
      { provider: "usdt_trc20", displayName: "USDT (TRC20)" },
      { provider: "epay", displayName: "支付宝 / 微信" },
    ]);
  });

  it("Test asks each gateway with the saved settings, even before enabling", async () => {
    expect(await svc.testPaymentProvider(admin.ctx, "epay")).toEqual({ ok: true });
    tron.addTransfer({ to: (await svc.loadGatewayConfig(t.db, "usdt_trc20"))!.address, amountMicro: 1_000_000 });
    expect(await svc.testPaymentProvider(admin.ctx, "usdt_trc20")).toEqual({ ok: true, transfers: 1 });

    const notYet = await svc.testPaymentProvider(admin.ctx, "alipay_f2f");
    expect(notYet).toMatchObject({ ok: false, reason: "payment_provider_not_configured" });
    await svc.updatePaymentProviderConfig(admin.ctx, "alipay_f2f", { gatewayUrl: alipay.gatewayUrl, appId: alipay.appId, privateKey: alipay.appPrivateKeyBase64, alipayPublicKey: alipay.alipayPublicKey });
    expect(await svc.testPaymentProvider(admin.ctx, "alipay_f2f")).toEqual({ ok: true });
    expect(await svc.loadGatewayConfig(t.db, "alipay_f2f")).toBeNull(); // still disabled

    await svc.updatePaymentProviderConfig(admin.ctx, "epay", { key: "a-wrong-key" });
    const wrong = await svc.testPaymentProvider(admin.ctx, "epay");
    expect(wrong).toMatchObject({ ok: false, reason: "payment_gateway_refused" });
    expect(wrong.message).toContain("KEY校验失败");
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "admin.payment_provider.test"));
    expect(audits.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(audits)).not.toContain("a-wrong-key");
  });

  it("an undecryptable secret is 'unreadable', and the gateway config refuses to load (503)", async () => {
    await t.db.update(paymentProviders).set({ secretsEnc: "v1.deadbeef.AAAA.AAAA.AAAA" }).where(eq(paymentProviders.provider, "epay"));
    expect((await svc.listPaymentProviderConfigs(admin.ctx)).find((p) => p.provider === "epay")!.secrets).toEqual({ key: "unreadable" });
    await expect(svc.loadGatewayConfig(t.db, "epay")).rejects.toMatchObject({ code: "UNAVAILABLE", reason: "payment_secret_unreadable" });
    await svc.updatePaymentProviderConfig(admin.ctx, "epay", { key: EPAY_KEY });
    expect((await svc.loadGatewayConfig(t.db, "epay"))!.key).toBe(EPAY_KEY);
  });
});
