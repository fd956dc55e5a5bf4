"use server";
// A reader closes an announcement for good. The verb checks the session itself (requireUser).
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { dismissAnnouncement } from "@/server/services/announcements";

export async function dismissAnnouncementAction(...a: [id: string]) {
  // Harmless for a risk-restricted account, and keeps the support pages it may use uncluttered.
  return runAction(args(["id", str]), a, (ctx, [id]) => dismissAnnouncement(ctx, id), { allowWhileRestricted: true });
}
