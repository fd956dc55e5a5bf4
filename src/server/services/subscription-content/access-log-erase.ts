// The access log has no foreign keys (ARCHITECTURE.md, "The access log"), so what the cascades did
// is done here, inside the deleting transaction: a deleted user's or subscription's rows go with it
// (the log holds addresses and places of a person; nothing of it may outlive their account). A
// deleted node's rows stay: they belong to subscriptions that still exist, and read as "deleted node".
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";

/** Every row of the user: their own (aggregate fetches, node connections) and their subscriptions'. */
export async function eraseAccessLogsOfUser(tx: Db | Tx, userId: string): Promise<void> {
  await tx.execute(sql`
    delete from subscription_access_logs
    where user_id = ${userId}::uuid or subscription_id in (select id from subscriptions where user_id = ${userId}::uuid)`);
}

export async function eraseAccessLogsOfSubscription(tx: Db | Tx, subscriptionId: string): Promise<void> {
  await tx.execute(sql`delete from subscription_access_logs where subscription_id = ${subscriptionId}::uuid`);
}
