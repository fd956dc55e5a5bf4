// Opening the page a notification points to reads it: an admin opening a ticket has read "new
// ticket" and "user replied" for it, a user opening their ticket has read "support replied". The
// area that shows the page calls this; the partial index on unread rows keeps it to the reader's
// few unread notifications.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";

export async function markReadByLink(db: Db, userId: string, link: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), eq(notifications.link, link)))
    .returning({ id: notifications.id });
  return rows.length;
}
