// The business events that leave the site (issue 27). Webhook receivers subscribe to the first list;
// the second reaches operators only (Telegram alerts), because it describes our own trouble, not a
// business fact an integrator acts on.
import { isWallet } from "../../env";

export const WEBHOOK_EVENT_TYPES = [
  "order.paid",
  "order.refunded",
  "subscription.created",
  "subscription.suspended",
  "subscription.expired",
  "user.registered",
  "risk.event_raised",
  "ticket.created",
  "node.offline",
  "node.online",
  "wallet.credited",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const OPERATOR_EVENT_TYPES = ["payment.late", "payment.mismatched", "task.failed", "backup.failed"] as const;
export type OperatorEventType = (typeof OPERATOR_EVENT_TYPES)[number];

export type EventType = WebhookEventType | OperatorEventType;

/** What this edition can raise: `wallet.credited` exists only in the wallet edition. */
export function webhookEventTypes(): readonly WebhookEventType[] {
  return isWallet() ? WEBHOOK_EVENT_TYPES : WEBHOOK_EVENT_TYPES.filter((t) => t !== "wallet.credited");
}

/**
 * An event's data: ids, numbers, states and names an integrator needs to act — never a secret (a
 * token, a subscription URL, a password), because it is stored, signed and sent as written.
 */
export type EventData = Record<string, string | number | boolean | null>;

export interface PublishedEvent {
  id: string;
  type: EventType;
  createdAt: Date;
  data: EventData;
}
