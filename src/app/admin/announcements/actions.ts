"use server";
// Admin announcements: thin wrappers; admins only (the wrapper and every verb check).
import { z } from "zod";
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { createAnnouncement, deleteAnnouncement, setAnnouncementEnabled, updateAnnouncement } from "@/server/services/announcements";

const OPTS = { revalidate: ["/admin/announcements"], permission: "announcements.manage" as const };
const brief = (a: { id: string; title: string; enabled: boolean }) => ({ id: a.id, title: a.title, enabled: a.enabled });

export async function createAnnouncementAction(...a: [input: Record<string, unknown>]) {
  return runAction(args(["input", fields]), a, async (ctx, [input]) => brief(await createAnnouncement(ctx, input)), OPTS);
}

export async function updateAnnouncementAction(...a: [id: string, input: Record<string, unknown>]) {
  return runAction(args(["id", str], ["input", fields]), a, async (ctx, [id, input]) => brief(await updateAnnouncement(ctx, id, input)), OPTS);
}

export async function setAnnouncementEnabledAction(...a: [id: string, enabled: boolean]) {
  return runAction(args(["id", str], ["enabled", z.boolean()]), a, async (ctx, [id, enabled]) => brief(await setAnnouncementEnabled(ctx, id, enabled)), OPTS);
}

export async function deleteAnnouncementAction(...a: [id: string]) {
  return runAction(args(["id", str]), a, (ctx, [id]) => deleteAnnouncement(ctx, id), OPTS);
}
