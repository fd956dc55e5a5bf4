"use server";
// The language switch in the header. No locale in the URL: the choice lives in the NEXT_LOCALE
// cookie that src/i18n/request.ts reads first. For a signed-in user it is also the profile language
// the account page shows and the mails use (setOwnLocale); a signed-out visitor only gets the cookie.
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { LocaleInput, parseInput, setOwnLocale } from "@/server/services/accounts";
import { rememberLocale } from "./locale-cookie";

export async function setLocaleAction(...a: [locale: string]) {
  return runAction(
    args(["locale", str]),
    a,
    async (ctx, [locale]) => {
      const signedIn = ctx.actor.kind === "user" || ctx.actor.kind === "admin";
      const chosen = signedIn ? (await setOwnLocale(ctx, { locale })).locale : parseInput(LocaleInput, locale);
      await rememberLocale(chosen);
      return { locale: chosen };
    },
    // The language switch stays open to a risk-restricted account (its notice must be readable).
    { allowWhileRestricted: true },
  );
}
