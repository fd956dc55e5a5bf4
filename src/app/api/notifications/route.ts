import { route } from "@/server/http/route";
import { listMyNotifications } from "@/server/services/notifications";

/**
 * The caller's notifications, newest first: ?page=&pageSize=&unread=1; with the unread count.
 * Open to a risk-restricted account: the risk report itself arrives as a notification.
 */
export const GET = route("user", async ({ ctx, req }) => {
  const r = await listMyNotifications(ctx, Object.fromEntries(new URL(req.url).searchParams));
  return {
    items: r.rows.map((n) => ({ id: n.id, type: n.type, level: n.level, title: n.title, body: n.body, link: n.link, read: n.readAt !== null, readAt: n.readAt, createdAt: n.createdAt })),
    total: r.total,
    unread: r.unread,
    page: r.page,
    pageSize: r.pageSize,
  };
}, { allowWhileRestricted: true });
