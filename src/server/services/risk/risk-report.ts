// The risk report: generated from the evidence in the owner's language and stored on the event
// (regenerating overwrites it), then sent to the owner, which turns on the user-side restriction.
// Sending is one conditional update (report present, not yet sent, not decided), so a second send,
// a double click or two admins at once restrict and notify once.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { plans, subscriptionRiskEvents, subscriptions, users, type SubscriptionRiskEvent } from "../../db/schema";
import { conflict } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { notify } from "../notifications/notify";
import { getSettingsWithSecrets } from "../settings/queries";
import { kickTasks } from "../tasks";
import { findRiskEvent, loadEvidence, riskEventMissing } from "./admin-queries";
import { renderRiskReport, reportLocale } from "./report-text";
import { eventId } from "./review";
import { eventScope, lockOwner } from "./event-scope";
import { restrictForRisk } from "./subscription-effects";

const Id = z.string().max(64);

/** Builds the report from the evidence, in the owner's language, and stores it on the event. */
export async function generateRiskReport(ctx: Ctx, rawId: string): Promise<{ report: string; reportGeneratedAt: Date }> {
  requireAdmin(ctx, "risk.write");
  const id = eventId(parseInput(Id, rawId));
  const event = await findRiskEvent(ctx.db, id);
  const now = ctx.now();
  const [settings, [owner], [sub]] = await Promise.all([
    getSettingsWithSecrets(ctx.db),
    ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, event.userId)),
    event.subscriptionId
      ? ctx.db.select({ planName: plans.name }).from(subscriptions).innerJoin(plans, eq(plans.id, subscriptions.planId)).where(eq(subscriptions.id, event.subscriptionId))
      : Promise.resolve([]),
  ]);
  if (!owner) throw riskEventMissing();
  const evidence = await loadEvidence(ctx.db, event, settings.riskWindowHours, now);
  const report = renderRiskReport(reportLocale(owner.locale), {
    reason: event.reason,
    level: event.level,
    eventAt: event.createdAt,
    planName: event.subscriptionId ? (sub?.planName ?? "") : null,
    evidence,
  });
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptionRiskEvents)
      .set({ report, reportGeneratedAt: now, updatedAt: now })
      .where(eq(subscriptionRiskEvents.id, id))
      .returning({ id: subscriptionRiskEvents.id });
    if (!row) throw riskEventMissing();
    await recordAudit(ctx, { action: "risk.report.generate", targetType: "subscription_risk_event", targetId: id, metadata: { userId: event.userId, length: report.length } }, tx);
  });
  return { report, reportGeneratedAt: now };
}

/**
 * Sends the stored report to the owner and turns on the restriction: the account (users.riskRestrictedAt)
 * and the scope's subscriptions (riskRestricted). `sent` is false when it had already been sent:
 * nothing changes and nobody is notified again.
 */
export async function sendRiskReport(ctx: Ctx, rawId: string): Promise<{ event: SubscriptionRiskEvent; sent: boolean }> {
  requireAdmin(ctx, "risk.write");
  const id = eventId(parseInput(Id, rawId));
  const now = ctx.now();
  const e = subscriptionRiskEvents;
  const result = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(e).where(eq(e.id, id));
    if (!current) throw riskEventMissing();
    // Risk decisions of one user take turns, so the account restriction follows the last of them.
    await lockOwner(tx, current.userId);
    const [sent] = await tx
      .update(e)
      .set({ reportSentAt: now, restrictionActive: true, updatedAt: now })
      .where(and(eq(e.id, id), isNull(e.reportSentAt), isNull(e.finalAction), isNotNull(e.report)))
      .returning();
    if (!sent) {
      const [row] = await tx.select().from(e).where(eq(e.id, id));
      if (!row) throw riskEventMissing();
      if (row.finalAction) throw conflict("risk_event_final");
      if (!row.report) throw conflict("risk_report_missing");
      return { event: row, sent: false };
    }
    const restricted = await restrictForRisk(tx, eventScope(sent), now);
    await notify(tx, {
      userId: sent.userId,
      type: "RISK",
      level: "ERROR",
      text: { key: "riskReportSent", params: { report: sent.report ?? "" } },
      link: "/tickets",
      dedupeKey: `risk-report:${id}`,
    });
    await recordAudit(ctx, { action: "risk.report.send", targetType: "subscription_risk_event", targetId: id, metadata: { userId: sent.userId, scopeKey: sent.scopeKey, restricted: restricted.map((s) => s.id) } }, tx);
    return { event: sent, sent: true };
  });
  if (result.sent) kickTasks();
  return result;
}
