"use server";
// Admin webhooks: thin wrappers over the verbs the CLI uses; admins only (the wrapper and every verb
// check). Adding answers the signing secret once, for the dialog that shows it.
import { z } from "zod";
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { addWebhook, removeWebhook, resendWebhookDelivery, sendTestWebhook, setWebhookEnabled } from "@/server/services/webhooks";

const OPTS = { revalidate: ["/admin/webhooks"], permission: "webhooks.manage" as const };

export async function addWebhookAction(...a: [input: Record<string, unknown>]) {
  return runAction(args(["input", fields]), a, (ctx, [input]) => addWebhook(ctx, input), OPTS);
}

export async function removeWebhookAction(...a: [id: string]) {
  return runAction(args(["id", str]), a, (ctx, [id]) => removeWebhook(ctx, id), OPTS);
}

export async function setWebhookEnabledAction(...a: [id: string, enabled: boolean]) {
  return runAction(args(["id", str], ["enabled", z.boolean()]), a, (ctx, [id, enabled]) => setWebhookEnabled(ctx, id, enabled), OPTS);
}

export async function sendTestWebhookAction(...a: [id: string]) {
  return runAction(args(["id", str]), a, (ctx, [id]) => sendTestWebhook(ctx, id), OPTS);
}

export async function resendWebhookDeliveryAction(...a: [deliveryId: string]) {
  return runAction(args(["deliveryId", str]), a, (ctx, [deliveryId]) => resendWebhookDelivery(ctx, deliveryId), OPTS);
}
