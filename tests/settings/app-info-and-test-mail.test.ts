import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../src/server/db/schema";
import { getAppInfo, sendTestMail, updateSettings } from "../../src/server/services/settings";
import type { SmtpSimulator } from "../../simulators/smtp/server";
import { startSmtpSimulator } from "../../simulators/smtp/server";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { TEST_FROM, useSmtpSimulator } from "../helpers/mail";

let t: TestDb;
let smtp: SmtpSimulator;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await smtp?.close();
  await t.close();
});

describe("getAppInfo", () => {
  it("tells visitors the public configuration and never a secret", async () => {
    await updateSettings(cliCtx(t.db), {
      siteName: "Relay <Demo>",
      maintenanceNotice: "Back at 10:00",
      supportContact: "t.me/relay",
      smtpHost: "mail.example.com",
      smtpUser: "mailer",
      smtpPassword: "smtp-pass-7f3a",
      turnstileEnabled: true,
      turnstileSiteKey: "0xSITEKEY",
      turnstileSecretKey: "0xSECRET-9b1c",
      emailVerificationRequired: true,
      inviteCodeRequired: true,
    });
    const info = await getAppInfo(t.db);
    expect(info).toMatchObject({
      siteName: "Relay <Demo>",
      edition: "base",
      registration: { open: true, inviteCodeRequired: true, emailVerificationRequired: true },
      maintenanceNotice: "Back at 10:00",
      captcha: { provider: "turnstile", siteKey: "0xSITEKEY" },
      site: { url: "http://relayboard.test", supportContact: "t.me/relay" },
    });
    const json = JSON.stringify(info);
    for (const leak of ["0xSECRET-9b1c", "smtp-pass-7f3a", "mailer", "mail.example.com"]) expect(json).not.toContain(leak);
  });

  it("reports no captcha when Turnstile is off, and the site URL when set", async () => {
    await updateSettings(cliCtx(t.db), { turnstileEnabled: false, siteUrl: "https://relay.example.com", maintenanceNotice: "" });
    const info = await getAppInfo(t.db);
    expect(info.captcha).toEqual({ provider: null, siteKey: null });
    expect(info.maintenanceNotice).toBeNull();
    expect(info.site).toMatchObject({ url: "https://relay.example.com", subscriptionUrl: "https://relay.example.com" });
  });
});

describe("sendTestMail", () => {
  const lastTestAudit = async () => (await t.db.select().from(auditLogs).where(eq(auditLogs.action, "settings.smtp_test")).orderBy(desc(auditLogs.id)).limit(1))[0];

  it("refuses non-admins before touching the mail server", async () => {
    const user = await makeUser(t.db);
    await expect(sendTestMail(user.ctx, "x@example.com")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(sendTestMail(anonCtx(t.db), "x@example.com")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(sendTestMail(cliCtx(t.db), "not-an-email")).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("delivers the test mail through the configured SMTP server with credentials", async () => {
    smtp = await startSmtpSimulator({ auth: { user: "mailer", pass: "smtp-pass-7f3a" } });
    await updateSettings(cliCtx(t.db), { smtpHost: smtp.host, smtpPort: smtp.port, smtpFrom: TEST_FROM, siteName: "Relay Test" });
    const admin = await makeUser(t.db, "ADMIN");
    const r = await sendTestMail({ ...admin.ctx, locale: "en" }, "ops@example.com");
    expect(r.messageId).toBeTruthy();
    const m = await smtp.waitForMailTo("ops@example.com", 3000);
    expect(m).toMatchObject({ subject: "Relay Test test mail", authUser: "mailer", envelopeFrom: TEST_FROM });
    expect(m.text).toContain("Your SMTP settings work");
    expect(m.html).toContain("Relay Test");
    expect(await lastTestAudit()).toMatchObject({ actorId: admin.id, metadata: { to: "ops@example.com", ok: true } });
  });

  it("reports the server's refusal as UNAVAILABLE and audits the failure without the password", async () => {
    await updateSettings(cliCtx(t.db), { smtpPassword: "wrong-password" });
    const before = smtp.messages.length;
    const err = await sendTestMail(cliCtx(t.db), "ops@example.com").catch((e) => e);
    expect(err).toMatchObject({ code: "UNAVAILABLE" });
    expect(err.message).toMatch(/refused/);
    expect(smtp.messages.length).toBe(before);
    const audit = await lastTestAudit();
    expect(audit!.metadata).toMatchObject({ ok: false });
    expect(JSON.stringify(audit)).not.toContain("wrong-password");
  });

  it("says SMTP is not configured when it is not", async () => {
    await updateSettings(cliCtx(t.db), { emailVerificationRequired: false });
    await updateSettings(cliCtx(t.db), { smtpHost: "" });
    await expect(sendTestMail(cliCtx(t.db), "ops@example.com")).rejects.toMatchObject({ code: "UNAVAILABLE", message: expect.stringMatching(/not configured/) });
  });
});

describe("mail through the simulator without auth", () => {
  it("useSmtpSimulator points the settings at a fresh server", async () => {
    const sim = await useSmtpSimulator(t.db);
    try {
      await sendTestMail({ ...cliCtx(t.db), locale: "zh-CN" }, "zh@example.com");
      const m = await sim.waitForMailTo("zh@example.com", 3000);
      expect(m.subject).toContain("测试邮件");
      expect(m.authUser).toBeUndefined();
    } finally {
      await sim.close();
    }
  });
});
