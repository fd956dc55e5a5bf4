// The staff tests' fixtures: a site whose mail server is set (an invitation is refused without one;
// the mail is only queued here, and its link read from the task's encrypted part, which is exactly
// what the mail carries), an owner, and sessions opened and checked the way every request checks them.
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { decryptSecret } from "../../src/server/crypto/secrets";
import type { Db } from "../../src/server/db/client";
import { tasks, users } from "../../src/server/db/schema";
import { checkSession, openSession } from "../../src/server/services/accounts/user-sessions";
import { updateSettings } from "../../src/server/services/settings";
import { cliCtx, freshIp, makeUser } from "../helpers/actors";
import { ready, testDbForFile, type TestDb } from "../helpers/db";

export const SITE = "https://staff.example";

export interface StaffSite extends Pick<TestDb, "db" | "raw" | "kind"> {
  readonly owner: Awaited<ReturnType<typeof makeUser>>;
}

export function openStaffSite(): StaffSite {
  const t = testDbForFile();
  let owner: Awaited<ReturnType<typeof makeUser>> | undefined;
  beforeAll(async () => {
    // A host is enough: invitations are queued, and these tests read the queued task.
    await updateSettings(cliCtx(t.db), { siteUrl: SITE, smtpHost: "127.0.0.1", smtpPort: 2525, smtpFrom: "no-reply@staff.example" });
    owner = await makeUser(t.db, "ADMIN");
  });
  return {
    get db() { return t.db; },
    get raw() { return t.raw; },
    get kind() { return t.kind; },
    get owner() { return ready(owner, "the owner"); },
  };
}

let n = 0;
export const staffEmail = (tag = "staff") => `${tag}-${Date.now().toString(36)}-${n++}@staff.example`;

/** The link of the newest invitation mail queued for `to`, and its token. */
export async function inviteLink(db: Db, to: string): Promise<{ link: string; token: string }> {
  const [task] = await db
    .select({ payload: tasks.payload })
    .from(tasks)
    .where(and(eq(tasks.kind, "mail.send"), sql`${tasks.payload} ->> 'to' = ${to}`, sql`${tasks.payload} ->> 'template' = 'staff-invite'`))
    .orderBy(desc(tasks.createdAt))
    .limit(1);
  expect(task, `no invitation mail to ${to}`).toBeTruthy();
  // The readable part carries no link: only the encrypted one does.
  expect(JSON.stringify({ ...task!.payload, secret: undefined })).not.toMatch(/staff-invite\//);
  const { link } = JSON.parse(decryptSecret(String(task!.payload.secret))) as { link: string };
  expect(link.startsWith(`${SITE}/staff-invite/`)).toBe(true);
  return { link, token: link.slice(link.lastIndexOf("/") + 1) };
}

/** An anonymous visitor from an address of their own (the guess limit counts per IP). */
export const visitor = (db: Db, now?: Date): Ctx => makeCtx(db, { kind: "anonymous" }, { ip: freshIp(), now: now ? () => now : undefined });

/** The same caller at another moment (an invitation expires after 7 days). */
export const at = (ctx: Ctx, now: Date): Ctx => ({ ...ctx, now: () => now });

/** A signed-in browser of `userId`: its session row, as the cookie names it. */
export async function signIn(db: Db, userId: string): Promise<{ sid: string; uid: string; sv: number }> {
  const [u] = await db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, userId));
  const sid = await openSession(db, { userId, sessionVersion: u!.sv, now: new Date() });
  return { sid, uid: userId, sv: u!.sv };
}

/** What the next request of that browser finds: null once the session has ended. */
export const live = (db: Db, s: { sid: string; uid: string; sv: number }) => checkSession(db, s, new Date());
