// The `webhook.deliver` task: one attempt to POST one delivery. The delivery row is the unit of
// "once": a delivery already SUCCEEDED is never sent again, and every attempt of it carries the same
// webhook id (the event's), so a receiver that dedupes by id acts once even when a crash after the
// send made us send again. A removed endpoint (its deliveries go with it) or a switched-off one ends
// the task without sending. A failure is recorded on the row and thrown, so the outbox retries it on
// the schedule in schedule.ts; after the last attempt the delivery is FAILED.
import { and, eq, ne, sql } from "drizzle-orm";
import { decryptSecret } from "../../crypto/secrets";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { errorSummary } from "../../describe-error";
import { isDomainError } from "../../errors";
import { isUuid } from "../../uuid";
import { getSettingsWithSecrets } from "../settings";
import { registerTaskHandler } from "../tasks/run-due-tasks";
import { DELIVER_TASK, webhookBackoffSeconds } from "./schedule";
import { postWebhook, SEND_TIMEOUT_MS } from "./send";
import { SECRET_PREFIX, webhookRequestHeaders } from "./signature";
import { checkWebhookTarget, type Resolver } from "./target-check";

export interface DeliverOptions {
  /** This is the last attempt the task has: a failure makes the delivery FAILED. */
  final: boolean;
  /** The task's attempt number (1-based), which sets the time of the next one. */
  attempt: number;
  resolve?: Resolver;
}

export type DeliverOutcome =
  | { deliveryId: string; sent: true; status: number }
  | { deliveryId: string; sent: false; skipped: "gone" | "already_succeeded" | "endpoint_disabled" };

class DeliveryFailed extends Error {
  override name = "DeliveryFailed";
}

/** How much of a receiver's answer the log keeps. */
const EXCERPT_CHARS = 200;

/** What the delivery log keeps of an answer or a failure: short, one line, without the secret. */
function logText(text: string, secret: string | null): string {
  let out = text.replace(/\s+/g, " ").trim();
  if (secret) for (const s of [secret, secret.slice(SECRET_PREFIX.length)]) out = out.split(s).join("[secret]");
  return out.slice(0, 500);
}

async function recordFailure(db: Db, deliveryId: string, opts: DeliverOptions, failure: { responseStatus: number | null; error: string }): Promise<never> {
  const now = new Date();
  // Never over a success another run recorded meanwhile (a run that outlived its lease).
  await db
    .update(webhookDeliveries)
    .set({
      status: opts.final ? "FAILED" : "PENDING",
      responseStatus: failure.responseStatus,
      lastError: failure.error,
      nextAttemptAt: opts.final ? null : new Date(now.getTime() + webhookBackoffSeconds(opts.attempt) * 1000),
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), ne(webhookDeliveries.status, "SUCCEEDED")));
  throw new DeliveryFailed(failure.error);
}

/** One attempt of one delivery. Throws after recording a failure (the outbox then retries). */
export async function deliverWebhook(db: Db, deliveryId: string, opts: DeliverOptions): Promise<DeliverOutcome> {
  if (!isUuid(deliveryId)) return { deliveryId, sent: false, skipped: "gone" };
  const [row] = await db
    .select({ status: webhookDeliveries.status, eventId: webhookDeliveries.eventId, body: webhookDeliveries.body, url: webhookEndpoints.url, secretEnc: webhookEndpoints.secretEnc, disabledAt: webhookEndpoints.disabledAt })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row) return { deliveryId, sent: false, skipped: "gone" };
  if (row.status === "SUCCEEDED") return { deliveryId, sent: false, skipped: "already_succeeded" };
  if (row.disabledAt) {
    await db
      .update(webhookDeliveries)
      .set({ status: "FAILED", nextAttemptAt: null, lastError: "not sent: the webhook was switched off" })
      .where(and(eq(webhookDeliveries.id, deliveryId), ne(webhookDeliveries.status, "SUCCEEDED")));
    return { deliveryId, sent: false, skipped: "endpoint_disabled" };
  }

  // The attempt counts from here (a refused target or a crash during the send still shows it);
  // no row means a run that outlived its lease delivered it meanwhile.
  const [counted] = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: new Date() })
    .where(and(eq(webhookDeliveries.id, deliveryId), ne(webhookDeliveries.status, "SUCCEEDED")))
    .returning({ id: webhookDeliveries.id });
  if (!counted) return { deliveryId, sent: false, skipped: "already_succeeded" };

  // Checked again now: the name may resolve elsewhere than when the endpoint was added, and the
  // request goes to the address checked here, not to a second answer from DNS.
  const { allowPrivateWebhookTargets } = await getSettingsWithSecrets(db);
  let target;
  try {
    target = await checkWebhookTarget(row.url, { allowPrivate: allowPrivateWebhookTargets, resolve: opts.resolve });
  } catch (err) {
    return recordFailure(db, deliveryId, opts, { responseStatus: null, error: `not sent: ${isDomainError(err) ? err.message : errorSummary(err)}` });
  }

  let secret: string;
  try {
    secret = decryptSecret(row.secretEnc);
  } catch {
    return recordFailure(db, deliveryId, opts, { responseStatus: null, error: "not sent: the signing secret cannot be decrypted with the configured keys" });
  }

  let answer;
  try {
    answer = await postWebhook(target, webhookRequestHeaders(secret, row.eventId, row.body, new Date()), row.body);
  } catch (err) {
    return recordFailure(db, deliveryId, opts, { responseStatus: null, error: logText(errorSummary(err), secret) });
  }
  if (answer.status >= 200 && answer.status < 300) {
    await db
      .update(webhookDeliveries)
      .set({ status: "SUCCEEDED", responseStatus: answer.status, lastError: null, nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, deliveryId));
    return { deliveryId, sent: true, status: answer.status };
  }
  const why = answer.status >= 300 && answer.status < 400 ? "a redirect, which is not followed" : "not a 2xx answer";
  const excerpt = logText(answer.excerpt, secret).slice(0, EXCERPT_CHARS);
  return recordFailure(db, deliveryId, opts, { responseStatus: answer.status, error: `HTTP ${answer.status} (${why})${excerpt ? `: ${excerpt}` : ""}` });
}

// The outbox claims a batch of tasks under one lease and runs them one after another, so a batch of
// slow receivers could outlive it and another instance would claim and send this one too. Just
// before sending, the task's lease is taken again for longer than a send can last, on the condition
// that this run still owns the attempt; a run that no longer does sends nothing.
const HOLD_SECONDS = Math.ceil(SEND_TIMEOUT_MS / 1000) + 50;

async function holdLease(db: Db, taskId: string, attempts: number): Promise<{ maxAttempts: number } | null> {
  const r = (await db.execute(sql`
    UPDATE tasks SET locked_until = now() + make_interval(secs => ${HOLD_SECONDS})
    WHERE id = ${taskId} AND attempts = ${attempts} AND status = 'RUNNING'
    RETURNING max_attempts`)) as unknown as { rows: { max_attempts: number }[] };
  const row = r.rows[0];
  return row ? { maxAttempts: Number(row.max_attempts) } : null;
}

registerTaskHandler(
  DELIVER_TASK,
  async (payload, { id, attempts, db }) => {
    const deliveryId = String(payload.deliveryId);
    const held = await holdLease(db, id, attempts);
    if (!held) return { deliveryId, sent: false, skipped: "lease_lost" };
    return deliverWebhook(db, deliveryId, { final: attempts >= held.maxAttempts, attempt: attempts });
  },
  { backoffSeconds: webhookBackoffSeconds, alertOnFinalFailure: false },
);
