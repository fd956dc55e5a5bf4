// An admin's final decision on a risk event. Release gives access back: the event's restriction is
// lifted, its places are acknowledged (so the same evidence does not raise a new event; a place new
// after the decision does, as a new event: raise-events.ts) and the subscriptions risk control
// suspended come back if they can. Keep banned records that the suspension and restriction stay.
// Each is one conditional update on "no decision yet", so two admins (or a double click) decide
// once: the loser gets risk_event_final and changes nothing.
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { riskGeoMarks, subscriptionRiskEvents, type SubscriptionRiskEvent } from "../../db/schema";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { kickTasks } from "../tasks";
import { riskEventMissing } from "./admin-queries";
import { eventScope, lockOwner } from "./event-scope";
import { eventId, eventRefusal } from "./review";
import { restoreAfterRisk } from "./subscription-effects";

const Id = z.string().max(64);

/** RELEASED: restriction off, geo marks acknowledged, risk-suspended unexpired subscriptions back. */
export async function releaseRiskEvent(ctx: Ctx, rawId: string): Promise<{ event: SubscriptionRiskEvent; restored: string[]; lifted: string[] }> {
  requireAdmin(ctx, "risk.write");
  const id = eventId(parseInput(Id, rawId));
  const now = ctx.now();
  const e = subscriptionRiskEvents;
  const result = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ userId: e.userId }).from(e).where(eq(e.id, id));
    if (!current) throw riskEventMissing();
    await lockOwner(tx, current.userId);
    // restrictionActive goes false before restoreAfterRisk, which lifts the account restriction
    // only when no event of the owner still holds one.
    const [released] = await tx
      .update(e)
      .set({ restrictionActive: false, finalAction: "RELEASED", finalActionAt: now, reviewStatus: "RESOLVED", updatedAt: now })
      .where(and(eq(e.id, id), isNull(e.finalAction)))
      .returning();
    if (!released) throw await eventRefusal(tx, id);
    await tx.update(riskGeoMarks).set({ acknowledged: true }).where(and(eq(riskGeoMarks.scopeKey, released.scopeKey), eq(riskGeoMarks.acknowledged, false)));
    const changed = await restoreAfterRisk(tx, eventScope(released), now);
    // Changed covers every subscription whose restriction was lifted; restored are those that run again.
    const restored = changed.filter((s) => s.status === "ACTIVE").map((s) => s.id);
    const lifted = changed.map((s) => s.id);
    await notify(tx, { userId: released.userId, type: "RISK", level: "SUCCESS", text: { key: "riskReleased" }, link: "/subscriptions", dedupeKey: `risk-release:${id}` });
    await recordAudit(ctx, { action: "risk.release", targetType: "subscription_risk_event", targetId: id, metadata: { userId: released.userId, scopeKey: released.scopeKey, restored, lifted } }, tx);
    return { event: released, restored, lifted };
  });
  kickTasks();
  return result;
}

/** KEPT_BANNED: the decision is recorded and the review resolved; the suspension and restriction stay as they are. */
export async function keepRiskBanned(ctx: Ctx, rawId: string): Promise<SubscriptionRiskEvent> {
  requireAdmin(ctx, "risk.write");
  const id = eventId(parseInput(Id, rawId));
  const now = ctx.now();
  const e = subscriptionRiskEvents;
  return ctx.db.transaction(async (tx) => {
    const [kept] = await tx
      .update(e)
      .set({ finalAction: "KEPT_BANNED", finalActionAt: now, reviewStatus: "RESOLVED", updatedAt: now })
      .where(and(eq(e.id, id), isNull(e.finalAction)))
      .returning();
    if (!kept) throw await eventRefusal(tx, id);
    await recordAudit(ctx, { action: "risk.keep_banned", targetType: "subscription_risk_event", targetId: id, metadata: { userId: kept.userId, scopeKey: kept.scopeKey, restrictionActive: kept.restrictionActive } }, tx);
    return kept;
  });
}
