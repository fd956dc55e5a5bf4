// The placeholder syntax admins write ({{name}}, {{#name}}...{{/name}}): what is accepted, what is
// refused (with the unknown names, or where the braces go wrong), and how values are filled in.
import { describe, expect, it } from "vitest";
import { checkTemplate, defaultSource, MAIL_LOCALES, MAIL_TEMPLATES, PLACEHOLDERS, renderSource } from "../../src/server/integrations/mail";
import { validateDraft } from "../../src/server/services/mail-templates";
import { domainErrorOf } from "../panel/helpers";

const ok = { subject: "Hi {{site}}", text: "Open {{link}} within {{minutes}} minutes.", html: "<p>{{site}}</p>" };

describe("mail template syntax", () => {
  it("accepts every built-in default against its own placeholder list", () => {
    for (const tpl of MAIL_TEMPLATES)
      for (const l of MAIL_LOCALES) {
        const src = defaultSource(tpl, l);
        for (const part of ["subject", "text", "html"] as const) expect(checkTemplate(src[part], PLACEHOLDERS[tpl]), `${tpl}/${l}/${part}`).not.toHaveProperty("problem");
        expect(validateDraft(tpl, src)).toEqual(src);
      }
  });

  it("refuses unknown placeholders and names them all, across parts", async () => {
    const e = await domainErrorOf(async () => validateDraft("verify-email", { ...ok, subject: "{{site}} {{orderNo}}", html: "<p>{{password}} {{#secret}}x{{/secret}}</p>" }));
    expect(e).toMatchObject({ code: "VALIDATION", reason: "mail_template_unknown_placeholder" });
    expect(e.details).toMatchObject({ unknown: ["orderNo", "password", "secret"], names: "{{orderNo}}, {{password}}, {{secret}}", fields: { subject: "invalid", html: "invalid" } });
    expect(e.message).toContain("{{orderNo}}, {{password}}, {{secret}}");
    // The same name is fine where the template fills it in.
    expect(validateDraft("receipt", { ...ok, text: "{{link}}", subject: "{{site}} {{orderNo}} {{amount}} {{time}}" }).subject).toBe("{{site}} {{orderNo}} {{amount}} {{time}}");
  });

  it.each([
    ["an unclosed tag", "Hi {{site"],
    ["a triple brace", "Hi {{{site}}}"],
    ["a space in a name", "Hi {{si te}}"],
    ["an unclosed section", "{{#link}}go"],
    ["a mismatched section end", "{{#link}}go{{/site}}"],
    ["a stray section end", "go{{/link}}"],
    ["empty braces", "Hi {{}}"],
  ])("refuses %s", async (_, text) => {
    const e = await domainErrorOf(async () => validateDraft("verify-email", { ...ok, text }));
    expect(e).toMatchObject({ code: "VALIDATION", reason: "mail_template_malformed", details: { part: "text", fields: { text: "invalid" } } });
    expect(typeof e.details.near).toBe("string");
  });

  it("keeps CSS braces in the HTML part as they are", () => {
    const html = "<style>a{color:red}@media(max-width:1px){p{margin:0}}</style><p>{{site}}</p>";
    expect(validateDraft("test", { subject: "s", text: "t", html }).html).toBe(html);
    expect(renderSource("test", { subject: "s", text: "t", html }, { site: "R", time: "T" }).html).toBe("<style>a{color:red}@media(max-width:1px){p{margin:0}}</style><p>R</p>");
  });

  it("checks subject, text and sizes", async () => {
    expect(await domainErrorOf(async () => validateDraft("test", { subject: " ", text: "t", html: "" }))).toMatchObject({ code: "VALIDATION", details: { fields: { subject: "required" } } });
    expect(await domainErrorOf(async () => validateDraft("test", { subject: "s", text: "  ", html: "" }))).toMatchObject({ code: "VALIDATION", details: { fields: { text: "required" } } });
    expect(await domainErrorOf(async () => validateDraft("test", { subject: "a\nb", text: "t", html: "" }))).toMatchObject({ reason: "mail_template_subject_one_line" });
    expect(await domainErrorOf(async () => validateDraft("test", { subject: "s", text: "é".repeat(5200), html: "" }))).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { maxBytes: 10240 } });
    expect(await domainErrorOf(async () => validateDraft("test", { subject: "s", text: "t", html: "x".repeat(100 * 1024 + 1) }))).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { maxBytes: 102400 } });
    expect(await domainErrorOf(async () => validateDraft("test", { subject: "s", text: "t", html: "", extra: 1 }))).toMatchObject({ code: "VALIDATION", details: { fields: { extra: "unknown_field" } } });
    // Trimmed subject; an empty HTML part is allowed (the mail is then text only).
    expect(validateDraft("test", { subject: "  s  ", text: "t" })).toEqual({ subject: "s", text: "t", html: "" });
  });

  it("escapes values in the HTML part only, shows sections only with a value, and keeps the subject on one line", () => {
    const src = { subject: "{{title}} at {{site}}", text: "{{body}}{{#link}}\nOpen: {{link}}{{/link}}", html: '<h1>{{title}}</h1>{{#link}}<a href="{{link}}">go</a>{{/link}}' };
    const values = { site: "S", title: "<b>x</b>\n& y", body: "<i>b</i>", link: 'https://e.example/?a=1&b="2"' };
    const m = renderSource("notification", src, values);
    expect(m.subject).toBe("<b>x</b> & y at S");
    expect(m.text).toBe('<i>b</i>\nOpen: https://e.example/?a=1&b="2"');
    expect(m.html).toBe('<h1>&lt;b&gt;x&lt;/b&gt;\n&amp; y</h1><a href="https://e.example/?a=1&amp;b=&quot;2&quot;">go</a>');
    const noLink = renderSource("notification", src, { ...values, link: "" });
    expect(noLink.text).toBe("<i>b</i>");
    expect(noLink.html).not.toContain("<a");
    // A value holding tags is not filled again.
    expect(renderSource("notification", src, { ...values, title: "{{site}}" }).subject).toBe("{{site}} at S");
  });
});
