// The typed, decrypted configuration the payments service hands to a gateway adapter.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentProviders } from "../../db/schema";
import { unavailable } from "../../errors";
import type { AlipayConfig, EpayConfig, TronConfig } from "../../integrations/payments";
import { missingFields, PROVIDER_FIELDS, type PaymentProvider } from "./provider-fields";
import { readProvider, storedOf, type StoredProvider } from "./stored";

export interface UsdtConfig extends TronConfig {
  contract: string;
  /** Fen per 1 USDT: an order of 1050 fen at 720 fen/USDT costs 1.458333 USDT (before the unique offset). */
  rateMinorPerUsdt: number;
}

export interface GatewayConfigOf {
  epay: EpayConfig;
  alipay_f2f: AlipayConfig;
  usdt_trc20: UsdtConfig;
}

/** The adapter config from a stored row, whether or not the provider is enabled (the admin's Test uses it before enabling). */
export function gatewayConfigOf<P extends PaymentProvider>(s: StoredProvider & { provider: P }): GatewayConfigOf[P] | null {
  if (s.secrets === undefined) throw unavailable("payment_secret_unreadable", { provider: s.provider });
  const set = Object.fromEntries(PROVIDER_FIELDS[s.provider].secrets.map((k) => [k, Boolean(s.secrets![k])]));
  if (missingFields(s.provider, s.config, set).length) return null;
  const c = s.config;
  const sec = s.secrets;
  const provider: PaymentProvider = s.provider;
  switch (provider) {
    case "epay":
      return { gatewayUrl: String(c.gatewayUrl), pid: String(c.pid), key: sec.key!, channels: c.channels as string[] } satisfies EpayConfig as GatewayConfigOf[P];
    case "alipay_f2f":
      return {
        gatewayUrl: String(c.gatewayUrl),
        appId: String(c.appId),
        privateKey: sec.privateKey!,
        alipayPublicKey: String(c.alipayPublicKey),
        ...(c.sellerId ? { sellerId: String(c.sellerId) } : {}),
      } satisfies AlipayConfig as GatewayConfigOf[P];
    case "usdt_trc20":
      return {
        apiUrl: String(c.apiUrl),
        ...(sec.apiKey ? { apiKey: sec.apiKey } : {}),
        address: String(c.address),
        contract: String(c.contract),
        rateMinorPerUsdt: Number(c.rateMinorPerUsdt),
        minConfirmations: Number(c.minConfirmations),
      } satisfies UsdtConfig as GatewayConfigOf[P];
  }
}

/**
 * For the payments service: the decrypted config of an enabled, complete provider, or null
 * (disabled, never configured). A secret the keys cannot decrypt throws 503 rather than looking
 * "not configured", so an operator sees why payments stopped.
 */
export async function loadGatewayConfig<P extends PaymentProvider>(db: Db, provider: P, opts: { includeDisabled?: boolean } = {}): Promise<GatewayConfigOf[P] | null> {
  const s = await readProvider(db, provider);
  // includeDisabled: a provider switched off for new payments still verifies and queries the
  // payments already made through it (a late notify is never dropped).
  if (!s.enabled && !opts.includeDisabled) return null;
  return gatewayConfigOf(s as StoredProvider & { provider: P });
}

/** Enabled providers as the checkout offers them, in the admin's order. */
export async function listEnabledProviders(db: Db): Promise<Array<{ provider: PaymentProvider; displayName: string }>> {
  const rows = await db.select().from(paymentProviders).where(eq(paymentProviders.enabled, true)).orderBy(asc(paymentProviders.sortOrder), asc(paymentProviders.provider));
  return rows
    .filter((r) => (PROVIDER_FIELDS as Record<string, unknown>)[r.provider])
    .map((r) => storedOf(r.provider, r))
    .map((s) => ({ provider: s.provider, displayName: s.displayName }));
}
