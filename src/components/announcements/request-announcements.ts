// The announcements of the current request, asked once: the layout (banners, pop-ups) and the
// dashboard (inline ones) share this one indexed query through React's per-request cache.
import { cache } from "react";
import { requestCtx } from "@/server/auth/session";
import { announcementsForCaller, type ShownAnnouncement } from "@/server/services/announcements";

export const requestAnnouncements = cache(async (): Promise<ShownAnnouncement[]> => announcementsForCaller(await requestCtx()));
