// What each payment provider is configured with: its fields, which of them are secrets (stored
// encrypted, never returned), which are needed before it can be enabled, and the input schemas.
// Every field is optional in an update (absent = keep), so one schema serves the admin card and
// scripted partial updates alike.
import { z } from "zod";
import { PAYMENT_PROVIDERS, type PaymentProvider } from "../../db/schema";
import { optionalFormBoolean } from "../../form-boolean";
import { ALIPAY_GATEWAY_URL, parseRsaPrivateKey, parseRsaPublicKey, TRONGRID_API_URL, tronAddressProblem, USDT_TRC20_CONTRACT } from "../../integrations/payments";

export { PAYMENT_PROVIDERS, type PaymentProvider };

export const isPaymentProvider = (v: unknown): v is PaymentProvider => typeof v === "string" && (PAYMENT_PROVIDERS as readonly string[]).includes(v);

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
  } catch {
    return false;
  }
};

const text = (max: number) => z.string().trim().max(max);
const url = text(512).refine((v) => v === "" || isHttpUrl(v), { message: "invalid_url" });
const secret = (max: number) => z.string().max(max); // not trimmed: a key is taken as typed, minus the outer whitespace below
/** Checked like a wallet checks it (base58check, 0x41 prefix): a mistyped address would take every payment. */
const tronAddress = text(64).superRefine((v, ctx) => {
  const problem = v === "" ? null : tronAddressProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: `tron_address_${problem}` });
});
/** "alipay, wxpay" from a text field, or an array from JSON. */
const channelList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : v),
  // One error on the field itself (not per item): the card has one input for the list.
  z.array(z.string()).max(10).refine((list) => list.every((c) => /^[a-z0-9_]{1,32}$/.test(c)), { message: "invalid" }),
);
const intIn = (min: number, max: number) => z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(min).max(max).optional());

const common = {
  enabled: optionalFormBoolean,
  displayName: text(64).optional(),
  sortOrder: intIn(0, 1000),
  /** Names of secret fields to erase (only optional secrets can be erased while enabled). */
  clearSecrets: z.preprocess((v) => (typeof v === "string" ? [v] : v), z.array(z.string().max(64)).max(10)).optional(),
};

export const PROVIDER_INPUT = {
  epay: z
    .object({ ...common, gatewayUrl: url.optional(), pid: text(32).regex(/^[A-Za-z0-9_-]*$/, { message: "invalid" }).optional(), key: secret(256).optional(), channels: channelList.optional() })
    .strict(),
  alipay_f2f: z
    .object({
      ...common,
      gatewayUrl: url.optional(),
      appId: text(32).regex(/^\d*$/, { message: "invalid" }).optional(),
      privateKey: secret(8192).refine((v) => v.trim() === "" || parseRsaPrivateKey(v) !== null, { message: "rsa_private_key_format" }).optional(),
      alipayPublicKey: text(4096).refine((v) => v === "" || parseRsaPublicKey(v) !== null, { message: "rsa_public_key_format" }).optional(),
      /** Optional: the merchant's Alipay PID (2088 + 12 digits); notifies for another seller are refused. */
      sellerId: text(16).regex(/^(2088\d{12})?$/, { message: "alipay_seller_id_format" }).optional(),
    })
    .strict(),
  usdt_trc20: z
    .object({
      ...common,
      apiUrl: url.optional(),
      apiKey: secret(256).optional(),
      address: tronAddress.optional(),
      contract: tronAddress.optional(),
      rateMinorPerUsdt: intIn(1, 100_000_000),
      minConfirmations: intIn(0, 100),
    })
    .strict(),
} as const;

export interface ProviderFields {
  /** Non-secret fields, stored in `config` (jsonb), with their defaults. */
  defaults: Record<string, string | number | string[]>;
  secrets: readonly string[];
  /** Needed (non-empty) before the provider may be enabled. */
  required: readonly string[];
  defaultDisplayName: string;
}

export const PROVIDER_FIELDS: Record<PaymentProvider, ProviderFields> = {
  epay: { defaults: { gatewayUrl: "", pid: "", channels: ["alipay", "wxpay"] }, secrets: ["key"], required: ["gatewayUrl", "pid", "key", "channels"], defaultDisplayName: "Epay" },
  alipay_f2f: {
    defaults: { gatewayUrl: ALIPAY_GATEWAY_URL, appId: "", alipayPublicKey: "", sellerId: "" },
    secrets: ["privateKey"],
    required: ["gatewayUrl", "appId", "privateKey", "alipayPublicKey"],
    defaultDisplayName: "Alipay",
  },
  usdt_trc20: {
    defaults: { apiUrl: TRONGRID_API_URL, address: "", contract: USDT_TRC20_CONTRACT, rateMinorPerUsdt: 0, minConfirmations: 19 },
    secrets: ["apiKey"],
    required: ["apiUrl", "address", "contract", "rateMinorPerUsdt"],
    defaultDisplayName: "USDT (TRC20)",
  },
};

/** Empty means "use the default" for fields that have a non-empty default (gateway URLs, contract). */
export function withDefaults(provider: PaymentProvider, stored: Record<string, unknown>): Record<string, string | number | string[]> {
  const out: Record<string, string | number | string[]> = {};
  for (const [k, d] of Object.entries(PROVIDER_FIELDS[provider].defaults)) {
    const v = stored[k];
    const empty = v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0 && !Array.isArray(d));
    out[k] = empty ? d : (v as string | number | string[]);
  }
  return out;
}

const filled = (v: unknown) => (Array.isArray(v) ? v.length > 0 : typeof v === "number" ? v > 0 || v === 0 : typeof v === "string" && v.trim() !== "");

/** Required fields that are empty; `secretsSet` says which secrets are stored (or being set). */
export function missingFields(provider: PaymentProvider, config: Record<string, unknown>, secretsSet: Record<string, boolean>): string[] {
  const f = PROVIDER_FIELDS[provider];
  return f.required.filter((k) => (f.secrets.includes(k) ? !secretsSet[k] : !filled(config[k]) || (k === "rateMinorPerUsdt" && Number(config[k]) <= 0)));
}
