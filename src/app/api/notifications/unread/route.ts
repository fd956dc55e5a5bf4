import { conditionalJson } from "@/server/http/etag";
import { route } from "@/server/http/route";
import { unreadNotificationCount } from "@/server/services/notifications";

/**
 * The caller's unread count, polled by the bell in every open tab: the session is checked first,
 * then one count over the partial index on unread rows. `ETag` names the count, so a poll that
 * sends it back with `If-None-Match` while nothing changed gets an empty 304.
 */
export const GET = route("user", async ({ ctx, req }) => {
  const unread = await unreadNotificationCount(ctx);
  return conditionalJson(req, `"unread-${unread}"`, { unread });
}, { allowWhileRestricted: true });
