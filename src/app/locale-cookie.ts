// The browser's language is the NEXT_LOCALE cookie (src/i18n/request.ts reads it first); a signed-in
// user's language is also the profile column the mails use. These helpers write the cookie the same
// way from the language switch, the account page and a sign-in.
import { cookies } from "next/headers";
import { LOCALE_COOKIE, LOCALES } from "@/i18n/request";

const MAX_AGE_SECONDS = 365 * 24 * 3600;
type Locale = (typeof LOCALES)[number];
const isLocale = (v: unknown): v is Locale => typeof v === "string" && (LOCALES as readonly string[]).includes(v);

/** Remembers the language for this browser (inside a Server Action or Route Handler); no language, no change. */
export async function rememberLocale(locale: string | null | undefined): Promise<void> {
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, { path: "/", maxAge: MAX_AGE_SECONDS, sameSite: "lax" });
}

/**
 * At sign-in: the Set-Cookie value that gives a browser which never chose a language (no cookie)
 * the account's language, or null. A browser that did choose keeps its choice, and an account
 * without a language leaves the browser to Accept-Language.
 */
export function signInLocaleCookie(requestCookies: { has(name: string): boolean }, profileLocale: string | null | undefined): string | null {
  if (requestCookies.has(LOCALE_COOKIE) || !isLocale(profileLocale)) return null;
  return `${LOCALE_COOKIE}=${profileLocale}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax`;
}
