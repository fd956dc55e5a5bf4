// Inputs of the webhook verbs. The event list is checked against what this edition can raise in
// the verb itself (unknown types name themselves in the refusal), not by a zod enum, so the reason
// can list them.
import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES } from "../../db/schema";
import { cursorFields, opt } from "../logs/keyset";
import { MAX_WEBHOOK_URL_CHARS } from "./target-check";

export const MAX_DESCRIPTION_CHARS = 200;

/** "a,b" (the CLI, a form field) or ["a", "b"]. */
const eventList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.string().trim().min(1).max(100)).min(1).max(50),
);

export const AddWebhookInput = z.strictObject({
  // Cap first: the target check would otherwise parse megabytes.
  url: z.string().trim().min(1).max(MAX_WEBHOOK_URL_CHARS),
  events: eventList,
  description: z.string().trim().max(MAX_DESCRIPTION_CHARS).default(""),
});
export type AddWebhookValues = z.output<typeof AddWebhookInput>;

export const ListDeliveriesInput = z.object({
  status: opt(z.enum(WEBHOOK_DELIVERY_STATUSES)),
  ...cursorFields,
});
