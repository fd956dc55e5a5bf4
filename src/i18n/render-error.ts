// One way to turn an error's reason and details into a person's sentence, shared by the server
// (API and action bodies, the CLI: src/server/i18n/error-text.ts) and the browser
// (src/components/forms/server-error.ts), so both say the same thing in the same language.
import { durationParts } from "./duration";
import { ERROR_REASONS, FIELD_CODES, isErrorReason, isFieldCode, reasonKey } from "../server/error-reasons";

type Values = Record<string, string | number>;
/** A translator scoped to one namespace; `has` tells whether a key exists (next-intl and use-intl both have it). */
export interface Translate {
  (key: string, values?: Values): string;
  has(key: string): boolean;
}

const scalar = (v: unknown): string | number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" ? v : undefined);

/** A field's problem: `field_<field>_<code>` when that field has its own wording, else `field_<code>`. */
export function renderFieldMessage(t: Translate, field: string, code: string, params: Record<string, unknown> = {}): string {
  if (!isFieldCode(code)) return code; // an old-style sentence from a service that predates the codes
  const values: Values = {};
  for (const name of FIELD_CODES[code]) values[name] = scalar(params[name]) ?? "?";
  const specific = `field_${field}_${code}`;
  return t.has(specific) ? t(specific, values) : t(`field_${code}`, values);
}

/** Every field's message, in the order the service reported them. */
export function renderFieldMessages(t: Translate, details: Record<string, unknown> | undefined): Record<string, string> {
  const fields = details?.fields;
  if (!fields || typeof fields !== "object") return {};
  const params = (details?.fieldParams ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return Object.fromEntries(Object.entries(fields as Record<string, unknown>).map(([k, v]) => [k, renderFieldMessage(t, k, String(v), params[k])]));
}

function durationWords(tDurations: Translate, seconds: number): string {
  const d = durationParts(seconds);
  return tDurations(d.unit, { [d.unit]: d.value });
}

/**
 * The sentence for a reason, its placeholders filled from `details`. Two are derived rather than
 * carried: `duration` (words for `retryAfterSeconds`) and `summary` (the first field problems).
 * Returns undefined for a reason the catalogue does not know, so callers keep their fallback.
 */
export function renderErrorMessage(t: Translate, tDurations: Translate, reason: unknown, details: Record<string, unknown> = {}): string | undefined {
  if (!isErrorReason(reason)) return undefined;
  const values: Values = {};
  for (const name of ERROR_REASONS[reason] as readonly string[]) {
    if (name === "duration") values.duration = durationWords(tDurations, Number(details.retryAfterSeconds ?? 60) || 60);
    else if (name === "summary") {
      const parts = Object.entries(renderFieldMessages(t, details)).slice(0, 3);
      values.summary = parts.length ? parts.map(([k, m]) => `${k}: ${m}`).join("; ") : "?";
    } else values[name] = scalar(details[name]) ?? "?";
  }
  const key = reasonKey(reason);
  return t.has(key) ? t(key, values) : undefined;
}
