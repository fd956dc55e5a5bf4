// Reading a provider's row: public config with defaults, and its secrets decrypted. A secrets blob
// that the current keys cannot decrypt is "unreadable" (a bad key rotation), never "not set": the
// provider then refuses to run (503) instead of running without its key.
import { eq } from "drizzle-orm";
import { decryptSecret } from "../../crypto/secrets";
import type { Db } from "../../db/client";
import { paymentProviders, type PaymentProviderRow } from "../../db/schema";
import { PROVIDER_FIELDS, withDefaults, type PaymentProvider } from "./provider-fields";

export type SecretState = "set" | "unset" | "unreadable";

export interface StoredProvider {
  provider: PaymentProvider;
  row: PaymentProviderRow | undefined;
  enabled: boolean;
  displayName: string;
  sortOrder: number;
  config: Record<string, string | number | string[]>;
  /** Decrypted secrets; undefined when the blob is unreadable. */
  secrets: Record<string, string> | undefined;
  secretStates: Record<string, SecretState>;
}

function decryptBlob(enc: string | null): Record<string, string> | undefined {
  if (!enc) return {};
  try {
    const parsed = JSON.parse(decryptSecret(enc)) as unknown;
    if (!parsed || typeof parsed !== "object") return undefined;
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === "string" && v !== "")) as Record<string, string>;
  } catch {
    return undefined;
  }
}

export function storedOf(provider: PaymentProvider, row: PaymentProviderRow | undefined): StoredProvider {
  const fields = PROVIDER_FIELDS[provider];
  const secrets = decryptBlob(row?.secretsEnc ?? null);
  const secretStates = Object.fromEntries(fields.secrets.map((k) => [k, secrets === undefined ? "unreadable" : secrets[k] ? "set" : "unset"])) as Record<string, SecretState>;
  return {
    provider,
    row,
    enabled: row?.enabled ?? false,
    displayName: row?.displayName || fields.defaultDisplayName,
    sortOrder: row?.sortOrder ?? 0,
    config: withDefaults(provider, row?.config ?? {}),
    secrets,
    secretStates,
  };
}

export async function readProvider(db: Db, provider: PaymentProvider): Promise<StoredProvider> {
  const [row] = await db.select().from(paymentProviders).where(eq(paymentProviders.provider, provider));
  return storedOf(provider, row);
}
