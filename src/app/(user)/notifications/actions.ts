"use server";
// The caller's notifications: mark read (one or all), delete one, delete the read ones, and which
// kinds also come by mail. Each verb checks the session itself (requireUser).
import { args, noArgs, str, strList } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { clearReadNotifications, deleteNotification, markAllNotificationsRead, markNotificationRead, updateMyMailKinds } from "@/server/services/notifications";

const PAGES = ["/notifications", "/dashboard"];
const Id = args(["id", str]);

export async function markNotificationReadAction(...a: [id: string]) {
  // Reading (and marking read) stays open to a risk-restricted account: the risk report arrives here.
  return runAction(Id, a, (ctx, [id]) => markNotificationRead(ctx, id), { revalidate: PAGES, allowWhileRestricted: true });
}

export async function markAllNotificationsReadAction(...a: []) {
  return runAction(noArgs, a, (ctx) => markAllNotificationsRead(ctx), { revalidate: PAGES, allowWhileRestricted: true });
}

export async function deleteNotificationAction(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => deleteNotification(ctx, id), { revalidate: PAGES });
}

export async function clearReadNotificationsAction(...a: []) {
  return runAction(noArgs, a, (ctx) => clearReadNotifications(ctx), { revalidate: PAGES });
}

export async function updateMailKindsAction(...a: [kinds: string[]]) {
  return runAction(args(["kinds", strList]), a, (ctx, [kinds]) => updateMyMailKinds(ctx, { kinds }), { revalidate: ["/notifications"] });
}
