// Saving one provider's card. Fields absent from the input keep their stored value; an empty secret
// keeps the stored secret (it is never sent back to the browser to be re-submitted); `clearSecrets`
// erases one. Enabling needs every required field. The audit row names the changed fields only.
import { sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { encryptSecret } from "../../crypto/secrets";
import { paymentProviders } from "../../db/schema";
import { validationError } from "../../errors";
import type { FieldCode } from "../../error-reasons";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { isPaymentProvider, missingFields, PROVIDER_FIELDS, PROVIDER_INPUT, type PaymentProvider } from "./provider-fields";
import { readProvider } from "./stored";

export function assertProvider(provider: unknown): asserts provider is PaymentProvider {
  if (!isPaymentProvider(provider)) throw validationError("payment_provider_unknown", { provider: String(provider).slice(0, 40) });
}

export async function updatePaymentProviderConfig(ctx: Ctx, provider: string, raw: unknown): Promise<{ provider: PaymentProvider; changed: string[] }> {
  requireAdmin(ctx, "payments.secrets");
  assertProvider(provider);
  const input = parseInput(PROVIDER_INPUT[provider], raw) as Record<string, unknown> & { enabled?: boolean; displayName?: string; sortOrder?: number; clearSecrets?: string[] };
  const fields = PROVIDER_FIELDS[provider];
  const unknownClear = (input.clearSecrets ?? []).find((k) => !fields.secrets.includes(k));
  if (unknownClear) throw validationError("invalid_input", { fields: { clearSecrets: "invalid_choice" } });

  return ctx.db.transaction(async (tx) => {
    // Serialise concurrent saves of one provider (the row may not exist yet, so lock by key).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment_provider:${provider}`}))`);
    const cur = await readProvider(tx, provider);
    const config: Record<string, unknown> = { ...(cur.row?.config ?? {}) };
    const changed: string[] = [];
    for (const k of Object.keys(fields.defaults)) {
      if (input[k] === undefined) continue;
      if (JSON.stringify(input[k]) !== JSON.stringify(cur.config[k])) changed.push(k);
      config[k] = input[k];
    }

    const newSecrets = Object.fromEntries(fields.secrets.map((k) => [k, typeof input[k] === "string" ? (input[k] as string).trim() : ""]).filter(([, v]) => v !== ""));
    const cleared = (input.clearSecrets ?? []).filter((k) => !newSecrets[k]);
    const secretsChanged = [...Object.keys(newSecrets).filter((k) => cur.secrets?.[k] !== newSecrets[k]), ...cleared.filter((k) => cur.secretStates[k] !== "unset")];
    let secretsEnc = cur.row?.secretsEnc ?? null;
    if (secretsChanged.length) {
      // An unreadable blob cannot be merged: only a complete replacement of its secrets may overwrite it.
      if (cur.secrets === undefined && fields.secrets.some((k) => !newSecrets[k] && !cleared.includes(k))) {
        throw validationError("payment_secret_unreadable", { provider, fields: Object.fromEntries(fields.secrets.map((k) => [k, "required" as FieldCode])) });
      }
      const merged: Record<string, string> = { ...(cur.secrets ?? {}), ...newSecrets };
      for (const k of cleared) delete merged[k];
      secretsEnc = Object.keys(merged).length ? encryptSecret(JSON.stringify(merged)) : null;
    }
    const secretSet = Object.fromEntries(fields.secrets.map((k) => [k, Boolean(newSecrets[k]) || (!cleared.includes(k) && cur.secretStates[k] !== "unset")]));

    const enabled = input.enabled ?? cur.enabled;
    const missing = missingFields(provider, { ...cur.config, ...config }, secretSet);
    if (enabled && missing.length) throw validationError("invalid_input", { fields: Object.fromEntries(missing.map((k) => [k, "required" as FieldCode])) });

    if (input.enabled !== undefined && input.enabled !== cur.enabled) changed.push("enabled");
    if (input.displayName !== undefined && input.displayName !== (cur.row?.displayName ?? "")) changed.push("displayName");
    if (input.sortOrder !== undefined && input.sortOrder !== cur.sortOrder) changed.push("sortOrder");
    changed.push(...secretsChanged);
    if (!changed.length) return { provider, changed };

    const values = {
      enabled,
      displayName: input.displayName ?? cur.row?.displayName ?? "",
      sortOrder: input.sortOrder ?? cur.sortOrder,
      config,
      secretsEnc,
      updatedAt: sql`now()`,
    };
    await tx.insert(paymentProviders).values({ provider, ...values }).onConflictDoUpdate({ target: paymentProviders.provider, set: values });
    await recordAudit(ctx, { action: "admin.payment_provider.update", targetType: "payment_provider", targetId: provider, metadata: { fields: changed, enabled } }, tx);
    return { provider, changed };
  });
}
