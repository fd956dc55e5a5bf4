"use client";
// Server Actions and routes answer an error with a code, a stable `details.reason` and the
// sentence's parameters. The browser words it from the same catalogue the server uses
// (src/i18n/render-error.ts), in the page's language; the server's own message (already in the
// caller's language) is the fallback for a reason this build does not know.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { renderErrorMessage, renderFieldMessage, renderFieldMessages, type Translate } from "@/i18n/render-error";
import { useSupportLine } from "../site/support-contact";

export interface UiError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Field problem codes by field name (`details.fields`), as the service reported them. */
export function fieldErrorsOf(err: UiError | null | undefined): Record<string, string> {
  const f = err?.details?.fields;
  if (!f || typeof f !== "object") return {};
  return Object.fromEntries(Object.entries(f as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

/** Reasons whose message tells the person to contact support: the configured contact follows it. */
const SUPPORT_REASONS = new Set(["mail_not_configured", "mail_unavailable", "captcha_unavailable", "disabled"]);

export function useErrorText() {
  const t = useTranslations("serverErrors") as unknown as Translate;
  const td = useTranslations("durations") as unknown as Translate;
  const supportLine = useSupportLine();
  const messageOf = useCallback(
    (err: UiError): string => {
      if (err.code === "INTERNAL") {
        const ref = typeof err.details?.ref === "string" ? err.details.ref : (/Reference: (\S+)/.exec(err.message)?.[1] ?? "n/a");
        return t("internal", { ref });
      }
      if (err.code === "NETWORK") return t("network");
      const reason = err.details?.reason;
      const text = renderErrorMessage(t, td, reason, err.details);
      if (text === undefined) return err.message;
      return SUPPORT_REASONS.has(String(reason)) && supportLine ? `${text} ${supportLine}` : text;
    },
    [t, td, supportLine],
  );
  /** One field's problem (`code` from details.fields) in the page's language. */
  const fieldText = useCallback((field: string, code: string, params?: Record<string, unknown>): string => renderFieldMessage(t, field, code, params), [t]);
  /** Every field problem of an error, field -> sentence: what a form shows under its inputs. */
  const fieldMessages = useCallback((err: UiError | null | undefined): Record<string, string> => renderFieldMessages(t, err?.details), [t]);
  return { messageOf, fieldText, fieldMessages };
}

/** A failed fetch (offline, server down) in the same shape as an action error. */
export const networkError = (): UiError => ({ code: "NETWORK", message: "Network error" });
