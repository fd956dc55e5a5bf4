// Admin verbs on webhook endpoints: add (the signing secret is made here and shown once), remove,
// switch on or off. Each write commits with its audit row; the audit holds the URL without its query
// (integrators sometimes put a token there) and never the secret.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { encryptSecret } from "../../crypto/secrets";
import type { Db } from "../../db/client";
import { webhookEndpoints } from "../../db/schema";
import { validationError } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { webhookEventTypes } from "../events/types";
import { getSettingsWithSecrets } from "../settings";
import { webhookNotFound } from "./errors";
import { AddWebhookInput } from "./inputs";
import { newWebhookSecret } from "./signature";
import { checkWebhookTarget, type Resolver } from "./target-check";

/** The URL as the audit log keeps it: scheme, host, port and path. */
export const auditUrl = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "";
  }
};

/** The subscribed types in the order the site lists them, each once; an unknown one is a 400 naming it. */
function checkEvents(given: string[]): string[] {
  const allowed = webhookEventTypes();
  const unknown = [...new Set(given.filter((e) => !(allowed as readonly string[]).includes(e)))];
  if (unknown.length) throw validationError("webhook_event_unknown", { names: unknown.join(", "), allowed: allowed.join(", "), fields: { events: "invalid_choice" } });
  return allowed.filter((e) => given.includes(e));
}

export interface AddedWebhook {
  id: string;
  /** The signing secret: returned here once, stored encrypted, never shown again. */
  secret: string;
}

/** `opts.resolve` is the target check's resolver (tests); transports never pass it. */
export async function addWebhook(ctx: Ctx, raw: unknown, opts: { resolve?: Resolver } = {}): Promise<AddedWebhook> {
  requireAdmin(ctx, "webhooks.manage");
  const v = parseInput(AddWebhookInput, raw);
  const events = checkEvents(v.events);
  const { allowPrivateWebhookTargets } = await getSettingsWithSecrets(ctx.db);
  const target = await checkWebhookTarget(v.url, { allowPrivate: allowPrivateWebhookTargets, resolve: opts.resolve });
  const secret = newWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ url: target.url.href, description: v.description, secretEnc: encryptSecret(secret), events, createdAt: ctx.now() })
      .returning({ id: webhookEndpoints.id });
    await recordAudit(ctx, { action: "admin.webhook.create", targetType: "webhook_endpoint", targetId: row!.id, metadata: { url: auditUrl(target.url.href), events, description: v.description } }, tx);
    return { id: row!.id, secret };
  });
}

type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

async function getForUpdate(tx: Db, id: string): Promise<WebhookEndpoint> {
  if (!isUuid(id)) throw webhookNotFound();
  const [e] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
  if (!e) throw webhookNotFound();
  return e;
}

/**
 * Removes the endpoint and (by cascade) its delivery log. A delivery task still queued for it finds
 * its delivery gone and ends without sending.
 */
export async function removeWebhook(ctx: Ctx, id: string): Promise<void> {
  requireAdmin(ctx, "webhooks.manage");
  await ctx.db.transaction(async (tx) => {
    const e = await getForUpdate(tx, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(ctx, { action: "admin.webhook.delete", targetType: "webhook_endpoint", targetId: id, metadata: { url: auditUrl(e.url), events: e.events } }, tx);
  });
}

const EnabledInput = z.object({ enabled: z.boolean() });

/** Switching off stops new deliveries and the retries of queued ones. The same state again changes nothing and writes no audit row. */
export async function setWebhookEnabled(ctx: Ctx, id: string, enabled: boolean): Promise<{ id: string; enabled: boolean }> {
  requireAdmin(ctx, "webhooks.manage");
  const input = parseInput(EnabledInput, { enabled });
  return ctx.db.transaction(async (tx) => {
    const e = await getForUpdate(tx, id);
    if ((e.disabledAt === null) === input.enabled) return { id, enabled: input.enabled };
    await tx
      .update(webhookEndpoints)
      .set({ disabledAt: input.enabled ? null : ctx.now() })
      .where(eq(webhookEndpoints.id, id));
    await recordAudit(ctx, { action: input.enabled ? "admin.webhook.enable" : "admin.webhook.disable", targetType: "webhook_endpoint", targetId: id, metadata: { url: auditUrl(e.url) } }, tx);
    return { id, enabled: input.enabled };
  });
}
