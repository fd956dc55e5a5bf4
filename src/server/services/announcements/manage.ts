// Admin verbs on announcements: create, replace, switch on or off, delete. Each write commits with
// its audit row. The CLI (operator) passes requireAdmin too and is audited as "cli".
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { announcements, users, type Announcement } from "../../db/schema";
import { DomainError, validationError } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { AnnouncementInput, type AnnouncementValues } from "./input";

export const announcementNotFound = () => new DomainError("NOT_FOUND", "announcement_not_found");

async function getForUpdate(tx: Db, id: string): Promise<Announcement> {
  if (!isUuid(id)) throw announcementNotFound();
  const [a] = await tx.select().from(announcements).where(eq(announcements.id, id)).for("update");
  if (!a) throw announcementNotFound();
  return a;
}

/** The stored columns of the input: audience USER's email becomes the reader's id (400 when nobody has it). */
async function columnsOf(tx: Db, v: AnnouncementValues) {
  const { targetEmail, ...rest } = v;
  let targetUserId: string | null = null;
  if (v.audience === "USER") {
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.email, targetEmail ?? "")).limit(1);
    if (!u) throw validationError("announcement_target_unknown", { fields: { targetEmail: "not_found" } });
    targetUserId = u.id;
  }
  return { ...rest, targetUserId };
}

const auditFacts = (a: Pick<Announcement, "title" | "audience" | "display" | "enabled">, targetEmail: string | null) => ({
  title: a.title,
  audience: a.audience,
  display: a.display,
  enabled: a.enabled,
  ...(targetEmail ? { targetEmail } : {}),
});

export async function createAnnouncement(ctx: Ctx, raw: unknown): Promise<Announcement> {
  requireAdmin(ctx, "announcements.manage");
  const v = parseInput(AnnouncementInput, raw);
  return ctx.db.transaction(async (tx) => {
    const cols = await columnsOf(tx, v);
    const now = ctx.now();
    const [a] = await tx
      .insert(announcements)
      .values({ ...cols, createdBy: ctx.actor.userId ?? null, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(ctx, { action: "admin.announcement.create", targetType: "announcement", targetId: a!.id, metadata: auditFacts(a!, v.targetEmail) }, tx);
    return a!;
  });
}

/** Replaces every field of the announcement (the edit form sends them all). */
export async function updateAnnouncement(ctx: Ctx, id: string, raw: unknown): Promise<Announcement> {
  requireAdmin(ctx, "announcements.manage");
  const v = parseInput(AnnouncementInput, raw);
  return ctx.db.transaction(async (tx) => {
    const before = await getForUpdate(tx, id);
    const cols = await columnsOf(tx, v);
    const [a] = await tx.update(announcements).set({ ...cols, updatedAt: ctx.now() }).where(eq(announcements.id, id)).returning();
    const changed = (Object.keys(cols) as (keyof typeof cols)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(cols[k]));
    await recordAudit(ctx, { action: "admin.announcement.update", targetType: "announcement", targetId: id, metadata: { ...auditFacts(a!, v.targetEmail), fields: changed } }, tx);
    return a!;
  });
}

const EnabledInput = z.object({ enabled: z.boolean() });

/** The table's switch. Setting the state it already has changes nothing and writes no audit row. */
export async function setAnnouncementEnabled(ctx: Ctx, id: string, enabled: boolean): Promise<Announcement> {
  requireAdmin(ctx, "announcements.manage");
  const input = parseInput(EnabledInput, { enabled });
  return ctx.db.transaction(async (tx) => {
    const before = await getForUpdate(tx, id);
    if (before.enabled === input.enabled) return before;
    const [a] = await tx.update(announcements).set({ enabled: input.enabled, updatedAt: ctx.now() }).where(eq(announcements.id, id)).returning();
    await recordAudit(ctx, { action: input.enabled ? "admin.announcement.enable" : "admin.announcement.disable", targetType: "announcement", targetId: id, metadata: { title: a!.title } }, tx);
    return a!;
  });
}

/** Deletes the announcement and (by cascade) who dismissed it. */
export async function deleteAnnouncement(ctx: Ctx, id: string): Promise<void> {
  requireAdmin(ctx, "announcements.manage");
  await ctx.db.transaction(async (tx) => {
    const a = await getForUpdate(tx, id);
    await tx.delete(announcements).where(eq(announcements.id, id));
    await recordAudit(ctx, { action: "admin.announcement.delete", targetType: "announcement", targetId: id, metadata: { title: a.title, audience: a.audience, display: a.display } }, tx);
  });
}
