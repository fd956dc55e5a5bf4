"use server";
// Admin announcements: thin wrappers; every verb checks for an admin caller itself.
import { runAction } from "@/server/actions/run-action";
import { createAnnouncement, deleteAnnouncement, setAnnouncementEnabled, updateAnnouncement } from "@/server/services/announcements";

const PAGES = ["/admin/announcements"];
const brief = (a: { id: string; title: string; enabled: boolean }) => ({ id: a.id, title: a.title, enabled: a.enabled });

export async function createAnnouncementAction(input: Record<string, unknown>) {
  return runAction(async (ctx) => brief(await createAnnouncement(ctx, input)), { revalidate: PAGES });
}

export async function updateAnnouncementAction(id: string, input: Record<string, unknown>) {
  return runAction(async (ctx) => brief(await updateAnnouncement(ctx, id, input)), { revalidate: PAGES });
}

export async function setAnnouncementEnabledAction(id: string, enabled: boolean) {
  return runAction(async (ctx) => brief(await setAnnouncementEnabled(ctx, id, enabled)), { revalidate: PAGES });
}

export async function deleteAnnouncementAction(id: string) {
  return runAction((ctx) => deleteAnnouncement(ctx, id), { revalidate: PAGES });
}
