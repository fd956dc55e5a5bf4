// The admin's view of every provider: fields with defaults, secrets only as set / not set /
// unreadable, and the notify URL to register with the gateway.
import { inArray } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { paymentProviders } from "../../db/schema";
import { env } from "../../env";
import { missingFields, PAYMENT_PROVIDERS, PROVIDER_FIELDS, type PaymentProvider } from "./provider-fields";
import { storedOf, type SecretState } from "./stored";

export interface PaymentProviderView {
  provider: PaymentProvider;
  enabled: boolean;
  displayName: string;
  sortOrder: number;
  config: Record<string, string | number | string[]>;
  secrets: Record<string, SecretState>;
  /** Required fields still empty (the provider cannot be enabled until there are none). */
  missing: string[];
  /** Where the gateway must send notifies (empty for usdt_trc20, which is polled). */
  notifyUrl: string;
  updatedAt: string | null;
}

export const notifyUrlOf = (provider: PaymentProvider) => (provider === "usdt_trc20" ? "" : `${env().appUrl}/api/payment/notify/${provider}`);

export async function listPaymentProviderConfigs(ctx: Ctx): Promise<PaymentProviderView[]> {
  requireAdmin(ctx, "payments.secrets");
  const rows = await ctx.db.select().from(paymentProviders).where(inArray(paymentProviders.provider, [...PAYMENT_PROVIDERS]));
  return PAYMENT_PROVIDERS.map((provider) => {
    const row = rows.find((r) => r.provider === provider);
    const s = storedOf(provider, row);
    const set = Object.fromEntries(PROVIDER_FIELDS[provider].secrets.map((k) => [k, s.secretStates[k] !== "unset"]));
    return {
      provider,
      enabled: s.enabled,
      displayName: s.displayName,
      sortOrder: s.sortOrder,
      config: s.config,
      secrets: s.secretStates,
      missing: missingFields(provider, s.config, set),
      notifyUrl: notifyUrlOf(provider),
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  });
}
