// Who sees which announcement, and a reader's dismissal. Active = enabled and now in [startsAt,
// endsAt). Audiences: PUBLIC everyone (signed out too), USERS every signed-in account (admins
// included: they are users of the site as well), ADMINS administrators only, USER the one target.
// A dismissal hides a dismissible announcement from that reader only; if the admin later makes it
// non-dismissible, it shows again to everyone.
import { and, desc, eq, gt, inArray, isNull, lte, notExists, or, type SQL } from "drizzle-orm";
import { requireUser, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { announcementDismissals, announcements, type AnnouncementAudience, type AnnouncementDisplay } from "../../db/schema";
import { conflict } from "../../errors";
import { isUuid } from "../../uuid";
import { announcementNotFound } from "./manage";
import { renderMarkdown, type SafeHtml } from "./markdown";

export interface Viewer { userId: string; role: "ADMIN" | "USER" }

export interface ShownAnnouncement {
  id: string;
  title: string;
  /** The Markdown as written, and the same rendered inert by renderMarkdown. */
  body: string;
  bodyHtml: SafeHtml;
  audience: AnnouncementAudience;
  display: AnnouncementDisplay;
  dismissible: boolean;
  priority: number;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
}

/** At most this many at once: a page shows a handful, and the layout's query stays bounded. */
const LIMIT = 20;

const activeAt = (now: Date): SQL | undefined =>
  and(
    eq(announcements.enabled, true),
    or(isNull(announcements.startsAt), lte(announcements.startsAt, now)),
    or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
  );

function audienceFor(viewer: Viewer | null): SQL | undefined {
  if (!viewer) return eq(announcements.audience, "PUBLIC");
  const groups: AnnouncementAudience[] = viewer.role === "ADMIN" ? ["PUBLIC", "USERS", "ADMINS"] : ["PUBLIC", "USERS"];
  return or(inArray(announcements.audience, groups), and(eq(announcements.audience, "USER"), eq(announcements.targetUserId, viewer.userId)));
}

// Rendered bodies by id and version: the layout asks on every page, the Markdown rarely changes.
const rendered = new Map<string, SafeHtml>();
function htmlOf(id: string, updatedAt: Date, body: string): SafeHtml {
  const key = `${id}:${updatedAt.getTime()}`;
  let html = rendered.get(key);
  if (html === undefined) {
    if (rendered.size >= 200) rendered.clear();
    html = renderMarkdown(body);
    rendered.set(key, html);
  }
  return html;
}

/**
 * The active announcements this viewer (null = signed out) may see and has not dismissed, highest
 * priority first, then newest. One indexed query, so every layout can afford it.
 */
export async function announcementsFor(db: Db, viewer: Viewer | null, now: Date): Promise<ShownAnnouncement[]> {
  const notDismissed = viewer
    ? or(
        eq(announcements.dismissible, false),
        notExists(
          db
            .select({ one: announcementDismissals.userId })
            .from(announcementDismissals)
            .where(and(eq(announcementDismissals.announcementId, announcements.id), eq(announcementDismissals.userId, viewer.userId))),
        ),
      )
    : undefined;
  const rows = await db
    .select()
    .from(announcements)
    .where(and(activeAt(now), audienceFor(viewer), notDismissed))
    .orderBy(desc(announcements.priority), desc(announcements.createdAt), desc(announcements.id))
    .limit(LIMIT);
  return rows.map((a) => ({
    id: a.id,
    title: a.title,
    body: a.body,
    bodyHtml: htmlOf(a.id, a.updatedAt, a.body),
    audience: a.audience,
    display: a.display,
    dismissible: a.dismissible,
    priority: a.priority,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    createdAt: a.createdAt,
  }));
}

/** The viewer a context stands for: a signed-in user or admin, or nobody (anonymous, CLI, agents). */
export function viewerOf(ctx: Ctx): Viewer | null {
  const a = ctx.actor;
  if (!a.userId || (a.kind !== "user" && a.kind !== "admin")) return null;
  return { userId: a.userId, role: a.kind === "admin" && a.role === "ADMIN" ? "ADMIN" : "USER" };
}

/** What the caller of this request sees (signed out: the public ones). */
export const announcementsForCaller = (ctx: Ctx) => announcementsFor(ctx.db, viewerOf(ctx), ctx.now());

/**
 * The reader closes an announcement for good. Twice is fine (one row, ON CONFLICT DO NOTHING). One
 * this reader cannot see now (another audience, disabled, outside its window, deleted) is "not
 * found"; a non-dismissible one is refused (409).
 */
export async function dismissAnnouncement(ctx: Ctx, id: string): Promise<{ dismissed: true }> {
  const { userId } = requireUser(ctx);
  const viewer = viewerOf(ctx) ?? { userId, role: "USER" as const };
  if (!isUuid(id)) throw announcementNotFound();
  const now = ctx.now();
  const [a] = await ctx.db
    .select({ dismissible: announcements.dismissible })
    .from(announcements)
    .where(and(eq(announcements.id, id), activeAt(now), audienceFor(viewer)))
    .limit(1);
  if (!a) throw announcementNotFound();
  if (!a.dismissible) throw conflict("announcement_not_dismissible");
  await ctx.db.insert(announcementDismissals).values({ announcementId: id, userId, dismissedAt: now }).onConflictDoNothing();
  return { dismissed: true };
}

/** For GET /api/public/app-info: the active PUBLIC ones, as a visitor sees them. */
export async function publicAnnouncements(db: Db, now: Date) {
  return (await announcementsFor(db, null, now)).map(({ id, title, body, bodyHtml, display, dismissible, priority, startsAt, endsAt }) => ({ id, title, body, bodyHtml, display, dismissible, priority, startsAt, endsAt }));
}
