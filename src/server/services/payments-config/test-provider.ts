// "Test" on a provider's card: one harmless read against the gateway with the saved settings,
// enabled or not. epay and Alipay are asked about a trade number that cannot exist: "not found"
// proves the gateway answers and accepts our credentials (a wrong key is refused, not "not found").
import { randomBytes } from "node:crypto";
import { requireAdmin, type Ctx } from "../../context";
import { isDomainError } from "../../errors";
import { errorText } from "../../i18n/error-text";
import { alipayQuery, epayQuery, listIncomingUsdt } from "../../integrations/payments";
import { recordAudit } from "../audit";
import { gatewayConfigOf } from "./gateway-config";
import type { PaymentProvider } from "./provider-fields";
import { readProvider, type StoredProvider } from "./stored";
import { assertProvider } from "./update-config";

export interface ProviderTestResult {
  ok: boolean;
  /** Why it failed, in the caller's language. */
  message?: string;
  reason?: string;
  /** usdt_trc20: incoming transfers seen in the last 24 hours. */
  transfers?: number;
}

async function probe(s: StoredProvider, now: Date): Promise<Omit<ProviderTestResult, "message" | "reason">> {
  const probeNo = `RBTEST${now.getTime()}${randomBytes(4).toString("hex")}`;
  const provider: PaymentProvider = s.provider;
  switch (provider) {
    case "epay": {
      const cfg = gatewayConfigOf(s as StoredProvider & { provider: "epay" });
      if (!cfg) throw notConfigured(provider);
      await epayQuery(cfg, probeNo);
      return { ok: true };
    }
    case "alipay_f2f": {
      const cfg = gatewayConfigOf(s as StoredProvider & { provider: "alipay_f2f" });
      if (!cfg) throw notConfigured(provider);
      await alipayQuery(cfg, probeNo);
      return { ok: true };
    }
    case "usdt_trc20": {
      const cfg = gatewayConfigOf(s as StoredProvider & { provider: "usdt_trc20" });
      if (!cfg) throw notConfigured(provider);
      const transfers = await listIncomingUsdt(cfg, { sinceMs: now.getTime() - 24 * 3600_000, now: now.getTime() });
      return { ok: true, transfers: transfers.length };
    }
  }
}

class NotConfigured extends Error {}
const notConfigured = (provider: string) => new NotConfigured(provider);

export async function testPaymentProvider(ctx: Ctx, provider: string): Promise<ProviderTestResult> {
  requireAdmin(ctx, "payments.secrets");
  assertProvider(provider);
  let result: ProviderTestResult;
  try {
    result = await probe(await readProvider(ctx.db, provider), ctx.now());
  } catch (err) {
    if (err instanceof NotConfigured) {
      result = { ok: false, reason: "payment_provider_not_configured", message: errorText(ctx.locale, "payment_provider_not_configured", { provider }) };
    } else if (isDomainError(err)) {
      result = { ok: false, reason: err.reason, message: errorText(ctx.locale, err.reason, err.details) ?? err.message };
    } else throw err;
  }
  await recordAudit(ctx, { action: "admin.payment_provider.test", targetType: "payment_provider", targetId: provider, metadata: { ok: result.ok, reason: result.reason } });
  return result;
}
