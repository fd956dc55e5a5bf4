// Issue 21 item 6: a disabled or banned account is no password oracle. Whatever password is sent, it
// is answered exactly like a wrong password for an active account (the same error through next-auth's
// real authorize(), hence the same HTTP status and body, the same attemptsLeft, the attempt counted);
// with the right password the owner learns the reason by mail, in the account's language, at most
// once per account and day, concurrent logins included (PostgreSQL with separate connections).
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { makeCtx } from "../../src/server/context";
import { drizzleFor, type Db } from "../../src/server/db/client";
import { notifications, tasks, users } from "../../src/server/db/schema";
import { authenticate, setUserStatus } from "../../src/server/services/accounts";
import { SETTINGS_DEFAULTS } from "../../src/server/services/settings";
import { loginLimits } from "../../src/server/rate-limit/policies";
import { cliCtx, freshIp, makeUser } from "../helpers/actors";
import { createTestDb, testPool, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, useSmtpSimulator } from "../helpers/mail";
import { login } from "../helpers/next-auth";
import { describeOnPostgres } from "../helpers/requirements";
import type { SmtpSimulator } from "../../simulators/smtp/server";

const LIMIT = loginLimits(SETTINGS_DEFAULTS).perAccountIp.limit;

let t: TestDb;
let smtp: SmtpSimulator;
beforeAll(async () => {
  t = await createTestDb({ install: true }); // next-auth's authorize() uses the process-wide database
  smtp = await useSmtpSimulator(t.db);
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
beforeEach(() => {
  useMemoryLimiter();
});

async function userWithStatus(status: "ACTIVE" | "DISABLED" | "BANNED", locale: "en" | "zh-CN" | null = null) {
  const u = await makeUser(t.db);
  if (locale) await t.db.update(users).set({ locale }).where(eq(users.id, u.id));
  if (status !== "ACTIVE") await setUserStatus(cliCtx(t.db), u.id, { status, reason: "abuse reports" });
  return u;
}

/** The account's login-refusal notices (the once-a-day record) and the mail tasks queued to it. */
const noticesOf = (userId: string) => t.db.select().from(notifications).where(and(eq(notifications.userId, userId), sql`${notifications.dedupeKey} like 'login-refused:%'`));
const mailsTo = async (email: string) => (await t.db.select({ payload: tasks.payload }).from(tasks).where(eq(tasks.kind, "mail.send"))).filter((r) => r.payload.to === email);

/** `LIMIT + 1` logins from one fresh IP, through next-auth's authorize(): what the HTTP answer is made of. */
async function answers(email: string, password: (i: number) => string) {
  const ip = freshIp();
  const out = [];
  for (let i = 0; i <= LIMIT; i++) out.push(await login({ email, password: password(i) }, { ip }));
  return out;
}

describe("a disabled or banned account answers like a wrong password", () => {
  it("banned + right password, banned + wrong password, disabled + right password and active + wrong password get the same answers, counted alike", async () => {
    const active = await userWithStatus("ACTIVE");
    const banned = await userWithStatus("BANNED");
    const disabled = await userWithStatus("DISABLED");
    const reference = await answers(active.email, (i) => `wrong-${i}`);
    // 401 bad_credentials, the warning before the last attempt, then the cool-down (429).
    expect(reference.map((r) => (r.ok ? "ok" : `${r.code}|${r.reason}`))).toEqual([...Array(LIMIT).fill("UNAUTHENTICATED|bad_credentials"), "RATE_LIMITED|rate_limited"]);
    expect(reference.map((r) => (r.ok ? undefined : (r as { attemptsLeft?: number }).attemptsLeft))).toEqual([...Array(LIMIT - 2).fill(undefined), 1, undefined, undefined]);
    const stripRetry = (rs: typeof reference) => rs.map((r) => (r.ok ? r : { ...r, retryAfterSeconds: r.retryAfterSeconds === undefined ? undefined : "set" }));
    expect(stripRetry(await answers(banned.email, () => banned.password))).toEqual(stripRetry(reference));
    expect(stripRetry(await answers(banned.email, (i) => `wrong-${i}`))).toEqual(stripRetry(reference));
    expect(stripRetry(await answers(disabled.email, () => disabled.password))).toEqual(stripRetry(reference));
    expect(stripRetry(await answers(disabled.email, (i) => `wrong-${i}`))).toEqual(stripRetry(reference));
  });

  it("the error itself (what the HTTP body is worded from) is the wrong-password one", async () => {
    const active = await userWithStatus("ACTIVE");
    const banned = await userWithStatus("BANNED");
    const errors = await Promise.all([
      authenticate(makeCtx(t.db, { kind: "anonymous" }, { ip: freshIp() }), { email: banned.email, password: banned.password }).catch((e) => e),
      authenticate(makeCtx(t.db, { kind: "anonymous" }, { ip: freshIp() }), { email: active.email, password: "not-the-password" }).catch((e) => e),
    ]);
    for (const e of errors) expect(e).toMatchObject({ code: "UNAUTHENTICATED", message: "Wrong email or password.", details: { reason: "bad_credentials" } });
    expect(errors[0].details).toEqual(errors[1].details);
  });

  it("a banned account's right password counts as a failure for the shared address too", async () => {
    const banned = await userWithStatus("BANNED");
    const ip = freshIp();
    const perIp = loginLimits(SETTINGS_DEFAULTS).perIp.limit;
    // Spread over fresh accounts' cool-downs: only the per-IP budget can stop these.
    for (let i = 0; i < perIp; i++) {
      const r = await login(i < LIMIT - 1 ? { email: banned.email, password: banned.password } : { email: `spray-${i}-${ip}@example.com`, password: "x" }, { ip });
      expect(r).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    }
    const someone = await userWithStatus("ACTIVE");
    expect(await login({ email: someone.email, password: someone.password }, { ip })).toMatchObject({ ok: false, code: "RATE_LIMITED" });
  });
});

describe("the owner learns why by mail", () => {
  it("right password: one mail a day in the account's language (en, zh-CN); a wrong password mails nothing", async () => {
    const banned = await userWithStatus("BANNED", "en");
    const disabled = await userWithStatus("DISABLED", "zh-CN");
    for (const u of [banned, disabled]) {
      for (let i = 0; i < 3; i++) await login({ email: u.email, password: "wrong-password" });
      expect(await noticesOf(u.id)).toHaveLength(0);
      for (let i = 0; i < 3; i++) await login({ email: u.email, password: u.password });
      await vi.waitFor(async () => expect(await mailsTo(u.email)).toHaveLength(1));
      // More right passwords the same day add nothing.
      await login({ email: u.email, password: u.password });
      await new Promise((r) => setTimeout(r, 200));
      expect(await mailsTo(u.email)).toHaveLength(1);
      expect(await noticesOf(u.id)).toHaveLength(1);
    }
    const since = smtp.messages.length;
    const enMail = await deliverAndReceive(t.db, smtp, banned.email, since);
    expect(enMail.subject).toContain("the account is banned");
    expect(enMail.text).toContain("correct password");
    expect(enMail.text).not.toContain("abuse reports"); // the admin's note stays in the audit log
    const zhMail = await deliverAndReceive(t.db, smtp, disabled.email, since);
    expect(zhMail.subject).toContain("账户已停用");
  });

  it("the next day (Asia/Shanghai) mails once more", async () => {
    const banned = await userWithStatus("BANNED", "en");
    const day = (offsetDays: number) => makeCtx(t.db, { kind: "anonymous" }, { ip: freshIp(), now: () => new Date(Date.now() + offsetDays * 86_400_000) });
    for (const d of [0, 0, 1, 1]) await authenticate(day(d), { email: banned.email, password: banned.password }).catch(() => undefined);
    await vi.waitFor(async () => expect(await mailsTo(banned.email)).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo(banned.email)).toHaveLength(2);
  });
});

describeOnPostgres("the once-a-day notice under concurrency (PostgreSQL, separate connections)", () => {
  let other: { db: Db; close: () => Promise<void> } | undefined;
  afterAll(() => other?.close());

  it("10 concurrent right-password logins from two instances queue one mail", async () => {
    const res = (await t.db.execute(sql`select current_database() as db`)) as unknown as { rows: { db: string }[] };
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${res.rows[0]!.db}`;
    const pool = testPool(u.toString());
    other = { db: drizzleFor({ kind: "pg", pool }), close: () => pool.end() };
    const banned = await userWithStatus("BANNED");
    const dbs = [t.db, other.db];
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) => authenticate(makeCtx(dbs[i % 2]!, { kind: "anonymous" }, { ip: freshIp() }), { email: banned.email, password: banned.password }).catch((e) => e.code)),
    );
    expect(rs).toEqual(Array(10).fill("UNAUTHENTICATED"));
    await vi.waitFor(async () => expect(await mailsTo(banned.email)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(banned.email)).toHaveLength(1);
    expect(await noticesOf(banned.id)).toHaveLength(1);
  });
});
