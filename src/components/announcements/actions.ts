"use server";
// A reader closes an announcement for good. The verb checks the session itself (requireUser).
import { runAction } from "@/server/actions/run-action";
import { dismissAnnouncement } from "@/server/services/announcements";

export async function dismissAnnouncementAction(id: string) {
  // Harmless for a risk-restricted account, and keeps the support pages it may use uncluttered.
  return runAction((ctx) => dismissAnnouncement(ctx, id), { allowWhileRestricted: true });
}
