// The inputs each provider's card shows, in order. Names match the service's input fields.
import type { PaymentProvider } from "@/server/services/payments-config";

export type FieldKind = "text" | "textarea" | "int" | "secret" | "secretTextarea";
export interface CardField {
  key: string;
  kind: FieldKind;
  /** Key under adminPayments.fieldHints. */
  hint?: "gatewayUrl" | "channels" | "alipayGatewayUrl" | "privateKey" | "sellerId" | "apiKey" | "address" | "rateMinorPerUsdt" | "minConfirmations";
  wide?: boolean;
  /** For int fields. */
  min?: number;
  max?: number;
}

export const CARD_FIELDS: Record<PaymentProvider, CardField[]> = {
  epay: [
    { key: "gatewayUrl", kind: "text", hint: "gatewayUrl" },
    { key: "pid", kind: "text" },
    { key: "key", kind: "secret" },
    { key: "channels", kind: "text", hint: "channels" },
  ],
  alipay_f2f: [
    { key: "gatewayUrl", kind: "text", hint: "alipayGatewayUrl" },
    { key: "appId", kind: "text" },
    { key: "privateKey", kind: "secretTextarea", hint: "privateKey", wide: true },
    { key: "alipayPublicKey", kind: "textarea", wide: true },
    { key: "sellerId", kind: "text", hint: "sellerId" },
  ],
  usdt_trc20: [
    { key: "apiUrl", kind: "text" },
    { key: "apiKey", kind: "secret", hint: "apiKey" },
    { key: "address", kind: "text", hint: "address" },
    { key: "contract", kind: "text" },
    { key: "rateMinorPerUsdt", kind: "int", hint: "rateMinorPerUsdt", min: 1 },
    { key: "minConfirmations", kind: "int", hint: "minConfirmations", min: 0, max: 100 },
  ],
};

/** Stored values as the inputs hold them (strings; lists joined with ", "; an unset rate is empty, not 0). */
export function fieldText(key: string, v: unknown): string {
  if (Array.isArray(v)) return v.join(", ");
  if (typeof v === "number") return key === "rateMinorPerUsdt" && v <= 0 ? "" : String(v);
  return typeof v === "string" ? v : "";
}
