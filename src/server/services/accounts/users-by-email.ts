// "A whole email address or its beginning": how the admin log views (audit, traffic, risk access)
// filter by user. A helper for read verbs that already checked their caller, so it takes a Db.
import { asc, eq, like } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/** Users an email prefix may stand for; beyond this the admin is asked to type more. */
export const MAX_EMAIL_MATCHES = 100;

/** LIKE's own characters taken literally (the default escape character is the backslash). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An exact address wins; otherwise every account whose address starts with the text, up to the cap. */
export async function usersByEmail(db: Db, text: string): Promise<{ ids: string[]; truncated: boolean }> {
  const [exact] = await db.select({ id: users.id }).from(users).where(eq(users.email, text)).limit(1);
  if (exact) return { ids: [exact.id], truncated: false };
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `${escapeLike(text)}%`))
    .orderBy(asc(users.email))
    .limit(MAX_EMAIL_MATCHES + 1);
  return { ids: rows.slice(0, MAX_EMAIL_MATCHES).map((r) => r.id), truncated: rows.length > MAX_EMAIL_MATCHES };
}
