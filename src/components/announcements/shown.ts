// What a page needs of an announcement in the browser: no Markdown source, no dates.
import type { ShownAnnouncement } from "@/server/services/announcements";
import type { SafeHtml } from "@/server/services/announcements/markdown";

export interface ShownItem { id: string; title: string; bodyHtml: SafeHtml; dismissible: boolean }

export const toShownItem = (a: ShownAnnouncement): ShownItem => ({ id: a.id, title: a.title, bodyHtml: a.bodyHtml, dismissible: a.dismissible });
