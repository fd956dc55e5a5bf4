// Admin-edited mail templates through the real path: the service verbs (admin only, audited), a
// queued mail rendered from the override and received by the SMTP simulator, escaping inside an
// override's HTML, reset to the built-in default, a broken stored override falling back (with a
// warning), preview and the test send to the admin's own address.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, mailTemplateOverrides } from "../../src/server/db/schema";
import { queueMail } from "../../src/server/integrations/mail";
import {
  getMailTemplate,
  listMailTemplates,
  previewMailTemplate,
  resetMailTemplate,
  saveMailTemplate,
  sendTestMailTemplate,
} from "../../src/server/services/mail-templates";
import { updateSettings } from "../../src/server/services/settings";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { captureOutput } from "../helpers/capture-logs";
import { deliverAndReceive, testDbWithSmtp } from "../helpers/mail";
import { domainErrorOf } from "../panel/helpers";

const t = testDbWithSmtp();
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  await updateSettings(cliCtx(t.db), { siteName: "Relay <Shop>", siteUrl: "https://shop.example" });
  admin = await makeUser(t.db, "ADMIN");
});

const verify = (to: string, locale: "en" | "zh-CN" = "en") => ({ to, template: "verify-email" as const, locale, minutes: 30, link: `https://shop.example/verify-email?token=${"b".repeat(43)}` });
const auditFor = (action: string, targetId: string) => t.db.select().from(auditLogs).where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, targetId)));

describe("mail template overrides", () => {
  it("refuses anyone but an admin", async () => {
    const user = await makeUser(t.db);
    const draft = { subject: "x {{site}}", text: "t", html: "" };
    for (const ctx of [user.ctx, anonCtx(t.db)]) {
      expect((await domainErrorOf(() => listMailTemplates(ctx))).code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
      expect((await domainErrorOf(() => saveMailTemplate(ctx, "test", "en", draft))).code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
      expect((await domainErrorOf(() => resetMailTemplate(ctx, "test", "en"))).code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
      expect((await domainErrorOf(() => previewMailTemplate(ctx, "test", "en", draft))).code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
      expect((await domainErrorOf(() => sendTestMailTemplate(ctx, "test", "en"))).code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
    }
    expect(await t.db.select().from(mailTemplateOverrides).where(eq(mailTemplateOverrides.template, "test"))).toHaveLength(0);
  });

  it("names unknown templates 404 and unknown languages 400", async () => {
    expect(await domainErrorOf(() => getMailTemplate(admin.ctx, "welcome", "en"))).toMatchObject({ code: "NOT_FOUND", reason: "mail_template_not_found" });
    expect(await domainErrorOf(() => saveMailTemplate(admin.ctx, "test", "fr", { subject: "s", text: "t" }))).toMatchObject({ code: "VALIDATION", details: { fields: { locale: "invalid_choice" } } });
  });

  it("refuses unknown placeholders on save and stores nothing", async () => {
    const e = await domainErrorOf(() => saveMailTemplate(admin.ctx, "verify-email", "en", { subject: "{{site}}", text: "{{link}} {{token}}", html: "{{orderNo}}" }));
    expect(e).toMatchObject({ code: "VALIDATION", reason: "mail_template_unknown_placeholder", details: { unknown: ["orderNo", "token"] } });
    expect((await getMailTemplate(admin.ctx, "verify-email", "en")).customised).toBe(false);
  });

  it("sends queued mail from the override, escapes values in its HTML, and returns to the default on reset", async () => {
    const saved = await saveMailTemplate(admin.ctx, "verify-email", "en", {
      subject: "Custom: confirm {{site}}",
      text: "Hello from {{site}}.\nConfirm here: {{link}} ({{minutes}} min)",
      html: '<div class="x"><b>{{site}}</b> <a href="{{link}}">Confirm</a> {{minutes}}</div>',
    });
    expect(saved).toMatchObject({ template: "verify-email", locale: "en" });
    const list = await listMailTemplates(admin.ctx);
    expect(list).toHaveLength(20); // 10 templates (support-contact added by issue 24, daily-digest by issue 27, gift by issue 28, staff-invite by issue 29) × 2 languages
    expect(list.find((r) => r.template === "verify-email" && r.locale === "en")).toMatchObject({ customised: true, updatedAt: expect.any(Date) });
    expect(list.find((r) => r.template === "verify-email" && r.locale === "zh-CN")).toMatchObject({ customised: false, updatedAt: null });

    await queueMail(t.db, verify("custom@example.com"));
    const m = await deliverAndReceive(t.db, t.smtp, "custom@example.com");
    expect(m.subject).toBe("Custom: confirm Relay <Shop>");
    expect(m.text).toContain(`Hello from Relay <Shop>.\nConfirm here: https://shop.example/verify-email?token=${"b".repeat(43)} (30 min)`);
    expect(m.html).toContain(`<b>Relay &lt;Shop&gt;</b> <a href="https://shop.example/verify-email?token=${"b".repeat(43)}">Confirm</a> 30`);
    expect(m.html).not.toContain("<Shop>");

    // The other language keeps its built-in default.
    await queueMail(t.db, verify("zh@example.com", "zh-CN"));
    expect((await deliverAndReceive(t.db, t.smtp, "zh@example.com")).subject).toBe("验证您在 Relay <Shop> 的邮箱");

    expect(await resetMailTemplate(admin.ctx, "verify-email", "en")).toEqual({ reset: true });
    expect(await resetMailTemplate(admin.ctx, "verify-email", "en")).toEqual({ reset: false });
    const detail = await getMailTemplate(admin.ctx, "verify-email", "en");
    expect(detail).toMatchObject({ customised: false, storedProblem: null });
    expect(detail.current).toEqual(detail.defaults);
    await queueMail(t.db, verify("back@example.com"));
    const back = await deliverAndReceive(t.db, t.smtp, "back@example.com");
    expect(back.subject).toBe("Verify your email for Relay <Shop>");
    expect(back.html).toContain("Verify email</a>");

    const saves = await auditFor("mail_template.save", "verify-email/en");
    const resets = await auditFor("mail_template.reset", "verify-email/en");
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ actorId: admin.id, targetType: "mail_template", metadata: { template: "verify-email", locale: "en" } });
    expect(resets).toHaveLength(1); // the second reset changed nothing
  });

  it("falls back to the built-in default when a stored override cannot be rendered, with a warning", async () => {
    // Written around the service, as an old row or a hand edit would be.
    await t.db.insert(mailTemplateOverrides).values({ template: "reset-password", locale: "en", subject: "Reset {{site}} {{nope}}", text: "{{#link}}broken", html: "<p>x</p>" });
    expect((await getMailTemplate(admin.ctx, "reset-password", "en")).storedProblem).toBe("subject");
    const { output } = await captureOutput(async () => {
      await queueMail(t.db, { ...verify("fallback@example.com"), template: "reset-password" });
      const m = await deliverAndReceive(t.db, t.smtp, "fallback@example.com");
      expect(m.subject).toBe("Reset your Relay <Shop> password");
      expect(m.text).toContain("Choose a new password: https://shop.example/");
    });
    expect(output).toMatch(/"level":"warn".*mail template override cannot be rendered/);
    // The preview shows what mails really get.
    expect(await previewMailTemplate(admin.ctx, "reset-password", "en")).toMatchObject({ usedOverride: false, subject: "Reset your Relay <Shop> password" });
    await resetMailTemplate(admin.ctx, "reset-password", "en");
  });

  it("previews a draft with sample values, checked as on save", async () => {
    const p = await previewMailTemplate(admin.ctx, "receipt", "en", { subject: "Order {{orderNo}} paid", text: "{{amount}} at {{time}}", html: "<p>{{site}} {{amount}}</p>" });
    expect(p.subject).toMatch(/^Order R\w+ paid$/);
    expect(p.html).toBe("<p>Relay &lt;Shop&gt; ¥9.90</p>");
    // The sample time reads as mails write it: the site's time zone in the mail's language, never an ISO instant.
    expect(p.text).toMatch(/^¥9.90 at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
    expect(await domainErrorOf(() => previewMailTemplate(admin.ctx, "receipt", "en", { subject: "{{minutes}}", text: "t" }))).toMatchObject({ reason: "mail_template_unknown_placeholder" });
    const stored = await previewMailTemplate(admin.ctx, "verify-email", "zh-CN");
    expect(stored).toMatchObject({ usedOverride: false, subject: "验证您在 Relay <Shop> 的邮箱" });
    expect(stored.html).toContain('href="https://shop.example/verify-email?token=SAMPLE-TOKEN"');
  });

  it("sends a test of a draft to the admin's own address, audited", async () => {
    const since = t.smtp.messages.length;
    const r = await sendTestMailTemplate(admin.ctx, "notification", "en", { subject: "[draft] {{title}}", text: "{{body}}", html: "<p>{{body}}</p>" });
    expect(r.to).toBe(admin.email);
    const m = await t.smtp.waitForMailTo(admin.email, 5000, { since });
    expect(m.subject).toBe("[draft] Your ticket has a new reply");
    expect(m.html).toContain("An administrator answered your ticket.");
    expect(await auditFor("mail_template.test_send", "notification/en")).toEqual([expect.objectContaining({ actorId: admin.id, metadata: expect.objectContaining({ ok: true, draft: true }) })]);
    expect(await t.db.select().from(mailTemplateOverrides).where(eq(mailTemplateOverrides.template, "notification"))).toHaveLength(0);
  });

  it("says SMTP is not configured instead of trying", async () => {
    await updateSettings(cliCtx(t.db), { smtpHost: "" });
    try {
      expect(await domainErrorOf(() => sendTestMailTemplate(admin.ctx, "test", "en"))).toMatchObject({ code: "UNAVAILABLE", reason: "smtp_not_configured" });
    } finally {
      await updateSettings(cliCtx(t.db), { smtpHost: t.smtp.host });
    }
  });
});
