"use client";
// Server Actions and routes answer English messages with a code; the UI shows them localized where
// it knows the case, and falls back to the server's own (honest) message otherwise.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type en from "../../../messages/en.json";
import { useSupportLine } from "../site/support-contact";

type ServerErrorKey = keyof (typeof en)["serverErrors"];

export interface UiError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Services put a stable snake_case `details.reason` on errors a person may see; the UI
 *  translates it as serverErrors.<camelCase reason>, and falls back to the server's own message. */
const reasonKey = (reason: string, what?: unknown): string =>
  reason === "not_found" && typeof what === "string" ? `${what.toLowerCase()}NotFound` : reason.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Field error values the services use as codes (others are already sentences). */
const FIELD_CODES = ["taken", "required", "invalid", "smtp_required", "keys_required", "unchanged"] as const;
type FieldCode = (typeof FIELD_CODES)[number];
const isFieldCode = (v: string): v is FieldCode => (FIELD_CODES as readonly string[]).includes(v);

export function fieldErrorsOf(err: UiError | null | undefined): Record<string, string> {
  const f = err?.details?.fields;
  if (!f || typeof f !== "object") return {};
  return Object.fromEntries(Object.entries(f as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

/** Reasons whose message tells the person to contact support: the configured contact follows it. */
const SUPPORT_REASONS = new Set(["mail_not_configured", "mail_unavailable", "captcha_unavailable", "disabled"]);

export function useErrorText() {
  const t = useTranslations("serverErrors");
  const supportLine = useSupportLine();
  const messageOf = useCallback(
    (err: UiError): string => {
      if (err.code === "RATE_LIMITED") {
        const s = Number(err.details?.retryAfterSeconds ?? 60);
        return t("rateLimited", { seconds: Number.isFinite(s) ? s : 60 });
      }
      if (err.code === "INTERNAL") {
        const ref = /Reference: (\S+)/.exec(err.message)?.[1] ?? "n/a";
        return t("internal", { ref });
      }
      if (err.code === "NETWORK") return t("network");
      const reason = err.details?.reason;
      if (typeof reason === "string") {
        const key = reasonKey(reason, err.details?.what) as ServerErrorKey;
        if (t.has(key)) return SUPPORT_REASONS.has(reason) && supportLine ? `${t(key)} ${supportLine}` : t(key);
      }
      return err.message;
    },
    [t, supportLine],
  );
  const fieldText = useCallback(
    (field: string, value: string): string => {
      if (!isFieldCode(value)) return value;
      const specific = `field_${field}_${value}` as ServerErrorKey;
      return t.has(specific) ? t(specific) : t(`field_${value}`);
    },
    [t],
  );
  return { messageOf, fieldText };
}

/** A failed fetch (offline, server down) in the same shape as an action error. */
export const networkError = (): UiError => ({ code: "NETWORK", message: "Network error" });
