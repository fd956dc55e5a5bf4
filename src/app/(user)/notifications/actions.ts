"use server";
// The caller's notifications: mark read (one or all), delete one, delete the read ones, and which
// kinds also come by mail. Each verb checks the session itself (requireUser).
import { runAction } from "@/server/actions/run-action";
import { clearReadNotifications, deleteNotification, markAllNotificationsRead, markNotificationRead, updateMyMailKinds } from "@/server/services/notifications";

const PAGES = ["/notifications", "/dashboard"];

export async function markNotificationReadAction(id: string) {
  // Reading (and marking read) stays open to a risk-restricted account: the risk report arrives here.
  return runAction((ctx) => markNotificationRead(ctx, id), { revalidate: PAGES, allowWhileRestricted: true });
}

export async function markAllNotificationsReadAction() {
  return runAction((ctx) => markAllNotificationsRead(ctx), { revalidate: PAGES, allowWhileRestricted: true });
}

export async function deleteNotificationAction(id: string) {
  return runAction((ctx) => deleteNotification(ctx, id), { revalidate: PAGES });
}

export async function clearReadNotificationsAction() {
  return runAction((ctx) => clearReadNotifications(ctx), { revalidate: PAGES });
}

export async function updateMailKindsAction(kinds: string[]) {
  return runAction((ctx) => updateMyMailKinds(ctx, { kinds }), { revalidate: ["/notifications"] });
}
