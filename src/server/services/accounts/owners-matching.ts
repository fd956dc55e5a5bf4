// The admin lists' search by the owner's e-mail (subscriptions, orders): the owners are found first,
// on users (a trigram index serves ILIKE '%q%', migration 0026), and the list's own table is then
// read through its user index, instead of joining every row with its owner and filtering after.
import { ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/** Up to this many owners the search names them (one array parameter); beyond it, by a subquery. */
export const LISTED_OWNERS = 10_000;

/**
 * `userColumn` belongs to a user whose e-mail matches `pattern` (an ILIKE pattern, already escaped).
 * Owners found are passed as a list: the planner then knows how many there are and picks the index
 * (a bitmap scan of the user index, ORed with the list's other search terms) or a walk of the list
 * newest first, as suits; a subquery in an OR is a filter it cannot estimate, so 1,111 owners (a
 * search for "user-42") cost a scan of every order to count them. Beyond the cap (a search for
 * "gmail") the subquery stays: the walk newest first meets its matches soon.
 */
export async function ownerEmailMatches(db: Db, userColumn: PgColumn, pattern: string): Promise<SQL> {
  const owners = () => db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
  const found = await owners().limit(LISTED_OWNERS + 1);
  if (found.length > LISTED_OWNERS) return inArray(userColumn, owners());
  return found.length ? sql`${userColumn} = any(${sql.param(found.map((o) => o.id))}::uuid[])` : sql`false`;
}
