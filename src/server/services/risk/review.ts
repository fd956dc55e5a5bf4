// The review of a risk event: its status (OPEN -> ACKNOWLEDGED -> RESOLVED) and the admin's note.
// One conditional update that only matches when something changes, so a double click or two admins
// saving the same thing write (and audit) once.
import { and, eq, ne, or } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { RISK_REVIEW_STATUSES, subscriptionRiskEvents, type SubscriptionRiskEvent } from "../../db/schema";
import { conflict } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { riskEventMissing } from "./admin-queries";

export const MAX_REVIEW_NOTE = 2000;

const ReviewInput = z.object({
  id: z.string().max(64),
  status: z.enum(RISK_REVIEW_STATUSES),
  note: z.string().trim().max(MAX_REVIEW_NOTE).default(""),
});

/** A well-formed event id, or the same 404 an unknown one gets. */
export function eventId(raw: string): string {
  if (!isUuid(raw)) throw riskEventMissing();
  return raw;
}

/** Why a conditional update on the event matched nothing: gone, or already decided. */
export async function eventRefusal(tx: Tx, id: string) {
  const [row] = await tx.select({ finalAction: subscriptionRiskEvents.finalAction }).from(subscriptionRiskEvents).where(eq(subscriptionRiskEvents.id, id));
  if (!row) return riskEventMissing();
  return conflict("risk_event_final");
}

/** Sets the review status and note; `changed` is false when they already were so (nothing audited). */
export async function updateRiskReview(ctx: Ctx, raw: unknown): Promise<{ event: SubscriptionRiskEvent; changed: boolean }> {
  requireAdmin(ctx, "risk.write");
  const input = parseInput(ReviewInput, raw);
  const id = eventId(input.id);
  const now = ctx.now();
  const e = subscriptionRiskEvents;
  return ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(e)
      .set({ reviewStatus: input.status, reviewNote: input.note, updatedAt: now })
      .where(and(eq(e.id, id), or(ne(e.reviewStatus, input.status), ne(e.reviewNote, input.note))))
      .returning();
    if (changed) {
      await recordAudit(ctx, { action: "risk.review", targetType: "subscription_risk_event", targetId: id, metadata: { userId: changed.userId, status: input.status, note: input.note } }, tx);
      return { event: changed, changed: true };
    }
    const [same] = await tx.select().from(e).where(eq(e.id, id));
    if (!same) throw riskEventMissing();
    return { event: same, changed: false };
  });
}
