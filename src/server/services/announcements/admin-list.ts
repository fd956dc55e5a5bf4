// The admin table: filters (enabled, audience, display), a title search, pages; each row with its
// reader's email (audience USER) and how many people dismissed it.
import { and, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { announcementDismissals, announcements, users } from "../../db/schema";
import { parseInput } from "../../validation";
import { ListAnnouncementsInput } from "./input";

export async function adminListAnnouncements(ctx: Ctx, raw: unknown = {}) {
  requireAdmin(ctx, "announcements.manage");
  const f = parseInput(ListAnnouncementsInput, raw ?? {});
  const conds: (SQL | undefined)[] = [];
  if (f.enabled) conds.push(eq(announcements.enabled, f.enabled === "1"));
  if (f.audience) conds.push(eq(announcements.audience, f.audience));
  if (f.display) conds.push(eq(announcements.display, f.display));
  if (f.q) conds.push(ilike(announcements.title, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        a: announcements,
        targetEmail: users.email,
        dismissals: sql<number>`(select count(*)::int from ${announcementDismissals} where ${announcementDismissals.announcementId} = ${announcements.id})`,
      })
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.targetUserId))
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(announcements).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.a, targetEmail: r.targetEmail ?? null, dismissals: Number(r.dismissals) })),
    total: Number(total?.n ?? 0),
    page: f.page,
    pageSize: f.pageSize,
  };
}
export type AdminAnnouncementRow = Awaited<ReturnType<typeof adminListAnnouncements>>["rows"][number];
