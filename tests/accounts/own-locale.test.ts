// One language setting: the header's language switch saves the signed-in user's language on the
// account (setOwnLocale), the column the account page shows and the mails are written in.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { signInLocaleCookie } from "../../src/app/locale-cookie";
import { users } from "../../src/server/db/schema";
import { getOwnAccount, requestPasswordReset, setOwnLocale } from "../../src/server/services/accounts";
import { anonCtx, makeUser } from "../helpers/actors";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, testDbWithSmtp } from "../helpers/mail";

const t = testDbWithSmtp();
beforeEach(() => {
  useMemoryLimiter();
});

const localeOf = async (id: string) => (await t.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]!.locale;

describe("setOwnLocale", () => {
  it("saves the caller's language only, and the account read shows it", async () => {
    const u = await makeUser(t.db);
    const other = await makeUser(t.db);
    expect(await setOwnLocale(u.ctx, { locale: "en" })).toEqual({ locale: "en" });
    expect(await localeOf(u.id)).toBe("en");
    expect((await getOwnAccount(u.ctx)).locale).toBe("en");
    expect(await setOwnLocale(u.ctx, { locale: "zh-CN" })).toEqual({ locale: "zh-CN" });
    expect((await getOwnAccount(u.ctx)).locale).toBe("zh-CN");
    expect(await localeOf(other.id)).toBeNull();
  });

  it("refuses a language the site does not speak with a field error on locale, and changes nothing", async () => {
    const u = await makeUser(t.db);
    await setOwnLocale(u.ctx, { locale: "en" });
    for (const input of [{ locale: "fr" }, { locale: "EN" }, { locale: "" }, { locale: "zh" }, {}, { locale: ["en"] }, "en"]) {
      await expect(setOwnLocale(u.ctx, input), JSON.stringify(input)).rejects.toMatchObject({ code: "VALIDATION" });
    }
    await expect(setOwnLocale(u.ctx, { locale: "fr" })).rejects.toMatchObject({ details: { fields: { locale: expect.any(String) } } });
    expect(await localeOf(u.id)).toBe("en");
  });

  it("refuses a signed-out caller (the cookie alone is the anonymous visitor's setting)", async () => {
    await expect(setOwnLocale(anonCtx(t.db), { locale: "en" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("the mails that follow are written in the language chosen, whatever the language of the request", async () => {
    const u = await makeUser(t.db);
    const reset = async (requestLocale: "zh-CN" | "en") => {
      const since = t.smtp.messages.length;
      await requestPasswordReset({ ...anonCtx(t.db), locale: requestLocale }, { email: u.email });
      return deliverAndReceive(t.db, t.smtp, u.email, since);
    };
    await setOwnLocale(u.ctx, { locale: "en" });
    const english = await reset("zh-CN");
    expect(english.subject).toMatch(/^Reset your .* password$/);
    expect(english.html).toContain('lang="en"');
    await setOwnLocale(u.ctx, { locale: "zh-CN" });
    const chinese = await reset("en");
    expect(chinese.subject).toMatch(/^重置您的 .* 密码$/);
    expect(chinese.html).toContain('lang="zh-CN"');
  });
});

describe("the language cookie at sign-in", () => {
  const jar = (...names: string[]) => ({ has: (n: string) => names.includes(n) });

  it("a browser that never chose a language gets the account's", () => {
    expect(signInLocaleCookie(jar(), "en")).toMatch(/^NEXT_LOCALE=en; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(signInLocaleCookie(jar("other"), "zh-CN")).toMatch(/^NEXT_LOCALE=zh-CN;/);
  });

  it("a browser that chose keeps its choice; an account without a (known) language sets nothing", () => {
    expect(signInLocaleCookie(jar("NEXT_LOCALE"), "en")).toBeNull();
    expect(signInLocaleCookie(jar(), null)).toBeNull();
    expect(signInLocaleCookie(jar(), "fr; Path=/evil")).toBeNull();
  });
});
