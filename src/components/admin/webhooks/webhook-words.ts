"use client";
// Words for the codes the webhook pages show: event types (the code stays beside the word, since
// integrators match on it) and delivery states with their badge colours.
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { WebhookDeliveryStatus } from "@/server/db/schema/reach";

/** The schema's states (a copy: the schema module is server code), in the order the filter offers them. */
export const DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const satisfies readonly WebhookDeliveryStatus[];

export const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = { PENDING: "yellow", SUCCEEDED: "teal", FAILED: "red" };

export function useWebhookWords() {
  const t = useTranslations("adminWebhooks");
  return useMemo(() => {
    // Event types are open text in the delivery log (an older row may hold a retired one): asked first.
    const named = t as unknown as { has(key: string): boolean; (key: string): string };
    return {
      eventName: (code: string): string => {
        const key = `eventNames.${code.replace(/\./g, "_")}`;
        return named.has(key) ? named(key) : code;
      },
      status: (s: WebhookDeliveryStatus): string => t(`status.${s}`),
    };
  }, [t]);
}
