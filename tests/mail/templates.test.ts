import { describe, expect, it } from "vitest";
import { renderMail, type MailLocale, type MailTemplate } from "../../src/server/integrations/mail";

const link = "https://relay.example.com/verify-email?token=abc&x=<1>";
const templates: MailTemplate[] = ["verify-email", "reset-password", "change-email", "support-contact"];
const locales: MailLocale[] = ["en", "zh-CN"];

describe("mail templates", () => {
  it.each(templates.flatMap((tpl) => locales.map((l) => [tpl, l] as const)))("%s (%s) has a subject, a text part and an HTML part with the link", (tpl, locale) => {
    const m = renderMail(tpl, locale, { site: "Relay", link, minutes: 30 });
    expect(m.subject).toContain("Relay");
    expect(m.text).toContain(link);
    expect(m.text).toContain("30");
    expect(m.text).not.toMatch(/\{\w+\}/); // every placeholder filled
    expect(m.html).toContain(`href="https://relay.example.com/verify-email?token=abc&amp;x=&lt;1&gt;"`);
    expect(m.html).not.toContain(link);
    expect(m.html).toContain(`<html lang="${locale}">`);
    expect(m.html).not.toMatch(/\{\w+\}/);
  });

  it("speaks the requested language", () => {
    expect(renderMail("verify-email", "en", { site: "S", link, minutes: 30 }).subject).toBe("Verify your email for S");
    expect(renderMail("verify-email", "zh-CN", { site: "S", link, minutes: 30 }).subject).toBe("验证您在 S 的邮箱");
    expect(renderMail("reset-password", "zh-CN", { site: "S", link, minutes: 20 }).text).toContain("20 分钟内有效");
    expect(renderMail("change-email", "en", { site: "S", link, minutes: 30 }).text).toContain("Confirm new email: " + link);
  });

  it("escapes the site name in HTML but keeps it readable in text and subject", () => {
    const evil = `<script>alert("x")</script> & Co`;
    const m = renderMail("reset-password", "en", { site: evil, link, minutes: 20 });
    expect(m.html).not.toContain("<script>");
    expect(m.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    expect(m.subject).toBe(`Reset your ${evil} password`);
    expect(m.text).toContain(evil);
  });

  it("renders the test mail without a link in both languages", () => {
    for (const l of locales) {
      const m = renderMail("test", l, { site: "Relay", time: "2026-01-01T00:00:00Z" });
      expect(m.text).toContain("2026-01-01T00:00:00Z");
      expect(m.html).not.toContain("href=");
    }
  });

  it("falls back to English for an unknown locale", () => {
    expect(renderMail("verify-email", "fr" as MailLocale, { site: "S", link, minutes: 30 }).subject).toBe("Verify your email for S");
  });
});
