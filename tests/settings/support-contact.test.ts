// The support contact setting takes an email address, a web address or a Telegram handle (or
// nothing), is refused otherwise like any invalid setting, and becomes the link pages show.
import { describe, expect, it } from "vitest";
import { getAppInfo, updateSettings } from "../../src/server/services/settings";
import { supportContactLink } from "../../src/server/services/settings/support-contact";
import { cliCtx } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const t = testDbForFile();

describe("supportContactLink", () => {
  it.each([
    ["help@example.com", { kind: "email", href: "mailto:help@example.com", label: "help@example.com" }],
    ["https://help.example.com/", { kind: "url", href: "https://help.example.com/", label: "help.example.com" }],
    ["http://example.com/support?x=1", { kind: "url", href: "http://example.com/support?x=1", label: "example.com/support?x=1" }],
    ["@relay_help", { kind: "telegram", href: "https://t.me/relay_help", label: "@relay_help" }],
    ["t.me/relay", { kind: "telegram", href: "https://t.me/relay", label: "@relay" }],
    ["https://t.me/RelayHelp", { kind: "telegram", href: "https://t.me/RelayHelp", label: "@RelayHelp" }],
  ])("reads %s", (raw, want) => {
    expect(supportContactLink(raw)).toEqual(want);
  });

  it.each(["", "   ", "call us", "@ab", "@1abcdef", "javascript:alert(1)", "ftp://example.com", "mailto:help@example.com", "help@", "<script>@x.com"])("refuses %j", (raw) => {
    expect(supportContactLink(raw)).toBeNull();
  });
});

describe("the supportContact setting", () => {
  it("accepts each kind and clearing it, and app-info reports it", async () => {
    for (const v of ["help@example.com", "https://help.example.com", "@relay_help", "t.me/relay"]) {
      await updateSettings(cliCtx(t.db), { supportContact: v });
      expect((await getAppInfo(t.db)).site.supportContact).toBe(v);
    }
    await updateSettings(cliCtx(t.db), { supportContact: "" });
    expect((await getAppInfo(t.db)).site.supportContact).toBeNull();
  });

  it("refuses anything else with a field error and keeps the stored value", async () => {
    await updateSettings(cliCtx(t.db), { supportContact: "@relay_help" });
    for (const bad of ["call us on weekdays", "javascript:alert(1)", "@ab"]) {
      await expect(updateSettings(cliCtx(t.db), { supportContact: bad })).rejects.toMatchObject({ code: "VALIDATION", details: { reason: "settings_invalid", fields: { supportContact: expect.any(String) } } });
    }
    expect((await getAppInfo(t.db)).site.supportContact).toBe("@relay_help");
  });

  it("app-info says whether mail can be sent, never how", async () => {
    await updateSettings(cliCtx(t.db), { smtpHost: "" });
    expect((await getAppInfo(t.db)).mailEnabled).toBe(false);
    await updateSettings(cliCtx(t.db), { smtpHost: "mail.example.com" });
    const info = await getAppInfo(t.db);
    expect(info.mailEnabled).toBe(true);
    expect(JSON.stringify(info)).not.toContain("mail.example.com");
  });
});
