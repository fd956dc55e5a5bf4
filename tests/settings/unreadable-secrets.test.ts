// A stored secret that the configured keys cannot decrypt (a bad key rotation) is "set but
// unreadable": the captcha stays on and login/register answer 503 instead of silently skipping it,
// mail is not sent with an empty password, and the admin settings read says why (issue 6 item 5).
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PRODUCTION_SECRET, startTurnstileSimulator, type TurnstileSimulator } from "../../simulators/turnstile/server";
import { startSmtpSimulator, type SmtpSimulator } from "../../simulators/smtp/server";
import { auditLogs, emailTokens, tasks, users } from "../../src/server/db/schema";
import { sendTemplatedMail } from "../../src/server/integrations/mail/send-mail-task";
import { authenticate, register, requestPasswordReset } from "../../src/server/services/accounts";
import { getAppInfo, getSettings, getSettingsWithSecrets, sendTestMail, updateSettings } from "../../src/server/services/settings";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { overrideEnv, withEnv } from "../helpers/env";
import { useMemoryLimiter } from "../helpers/limiter";

// The key the secrets were saved under; the test process's own ENCRYPTION_KEY is a different one.
const OLD_KEY = "a".repeat(64);

let t: TestDb;
let turnstile: TurnstileSimulator;
let restoreEnv: () => void;
beforeAll(async () => {
  turnstile = await startTurnstileSimulator();
  restoreEnv = overrideEnv({ TURNSTILE_VERIFY_URL: turnstile.url, SMTP_URL: undefined });
  t = await createTestDb();
});
afterAll(async () => {
  restoreEnv();
  await turnstile.close();
  await t.close();
});
beforeEach(() => {
  useMemoryLimiter();
});

const rows = async (table: typeof users | typeof tasks | typeof emailTokens | typeof auditLogs) => Number((await t.db.select({ n: count() }).from(table))[0]!.n);

describe("Turnstile secret that cannot be decrypted", () => {
  beforeAll(async () => {
    await withEnv({ ENCRYPTION_KEY: OLD_KEY }, () =>
      updateSettings(cliCtx(t.db), { turnstileEnabled: true, turnstileSiteKey: turnstile.siteKey, turnstileSecretKey: DEFAULT_PRODUCTION_SECRET }),
    );
  });

  it("keeps the captcha on (set but unreadable, never empty) and tells the admin settings read", async () => {
    expect((await getSettingsWithSecrets(t.db)).turnstileSecretKey).toEqual({ unreadable: true });
    const s = await getSettings(cliCtx(t.db));
    expect(s.secretsSet.turnstileSecretKey).toBe(true);
    expect(s.secretsUnreadable).toEqual({ turnstileSecretKey: true, smtpPassword: false, metricsToken: false, telegramBotToken: false });
    expect((await getAppInfo(t.db)).captcha).toEqual({ provider: "turnstile", siteKey: turnstile.siteKey });
  });

  it("login answers UNAVAILABLE (503) with captcha_unavailable, asks nobody and writes nothing", async () => {
    const u = await makeUser(t.db);
    const before = { requests: turnstile.requests.length, audit: await rows(auditLogs) };
    for (const turnstileToken of [turnstile.issueToken(), undefined]) {
      const err = await authenticate(anonCtx(t.db), { email: u.email, password: u.password, turnstileToken }).catch((e) => e);
      expect(err).toMatchObject({ code: "UNAVAILABLE", details: { reason: "captcha_unavailable" } });
      expect(err.message).toMatch(/captcha/i);
    }
    expect(turnstile.requests.length).toBe(before.requests);
    expect((await t.db.select().from(users).where(eq(users.id, u.id)))[0]!.lastLoginAt).toBeNull();
    expect(await rows(auditLogs)).toBe(before.audit);
  });

  it("register answers UNAVAILABLE (503) and writes nothing", async () => {
    const before = { users: await rows(users), tasks: await rows(tasks), tokens: await rows(emailTokens), audit: await rows(auditLogs) };
    for (const turnstileToken of [turnstile.issueToken(), undefined]) {
      await expect(register(anonCtx(t.db), { email: "blocked@example.com", password: "password-123", turnstileToken })).rejects.toMatchObject({
        code: "UNAVAILABLE",
        details: { reason: "captcha_unavailable" },
      });
    }
    expect({ users: await rows(users), tasks: await rows(tasks), tokens: await rows(emailTokens), audit: await rows(auditLogs) }).toEqual(before);
  });

  it("works again once the old key is back in ENCRYPTION_KEYS_PREVIOUS, with the captcha really checked", async () => {
    const u = await makeUser(t.db);
    await withEnv({ ENCRYPTION_KEYS_PREVIOUS: OLD_KEY }, async () => {
      expect((await getSettings(cliCtx(t.db))).secretsUnreadable.turnstileSecretKey).toBe(false);
      await expect(authenticate(anonCtx(t.db), { email: u.email, password: u.password })).rejects.toMatchObject({ code: "VALIDATION", details: { reason: "captcha_failed" } });
      expect((await authenticate(anonCtx(t.db), { email: u.email, password: u.password, turnstileToken: turnstile.issueToken() })).id).toBe(u.id);
    });
  });

  it("re-entering the secret repairs it", async () => {
    await updateSettings(cliCtx(t.db), { turnstileSecretKey: DEFAULT_PRODUCTION_SECRET });
    expect((await getSettings(cliCtx(t.db))).secretsUnreadable.turnstileSecretKey).toBe(false);
    await updateSettings(cliCtx(t.db), { turnstileEnabled: false });
  });
});

describe("SMTP password that cannot be decrypted", () => {
  let smtp: SmtpSimulator;
  beforeAll(async () => {
    await updateSettings(cliCtx(t.db), { turnstileEnabled: false });
    smtp = await startSmtpSimulator({ auth: { user: "mailer", pass: "smtp-pass-1" } });
    await withEnv({ ENCRYPTION_KEY: OLD_KEY }, () =>
      updateSettings(cliCtx(t.db), { smtpHost: smtp.host, smtpPort: smtp.port, smtpUser: "mailer", smtpPassword: "smtp-pass-1", smtpFrom: "no-reply@relayboard.test" }),
    );
  });
  afterAll(() => smtp.close());

  it("makes mail unavailable: requests answer 503 mail_unavailable and queue nothing; nothing is ever sent without the password", async () => {
    expect((await getSettings(cliCtx(t.db))).secretsUnreadable).toEqual({ turnstileSecretKey: false, smtpPassword: true, metricsToken: false, telegramBotToken: false });
    const u = await makeUser(t.db);
    const before = { tasks: await rows(tasks), tokens: await rows(emailTokens) };
    await expect(requestPasswordReset(anonCtx(t.db), { email: u.email })).rejects.toMatchObject({ code: "UNAVAILABLE", details: { reason: "mail_unavailable" } });
    await expect(sendTestMail(cliCtx(t.db), u.email)).rejects.toMatchObject({ code: "UNAVAILABLE", details: { reason: "mail_unavailable" } });
    expect({ tasks: await rows(tasks), tokens: await rows(emailTokens) }).toEqual(before);
    // Even a mail that was queued earlier is not sent with an empty password.
    await expect(sendTemplatedMail(t.db, { to: u.email, template: "test", locale: "en" })).rejects.toThrow(/cannot be decrypted/);
    expect(smtp.messages).toHaveLength(0);
  });

  it("register with email verification on answers 503 instead of creating an account whose mail cannot leave", async () => {
    await updateSettings(cliCtx(t.db), { emailVerificationRequired: true });
    const before = await rows(users);
    await expect(register(anonCtx(t.db), { email: "verify-me@example.com", password: "password-123" })).rejects.toMatchObject({ code: "UNAVAILABLE", details: { reason: "mail_unavailable" } });
    expect(await rows(users)).toBe(before);
    await updateSettings(cliCtx(t.db), { emailVerificationRequired: false });
  });
});
