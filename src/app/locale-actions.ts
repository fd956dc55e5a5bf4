"use server";
// The language switch: no locale in the URL, so the choice lives in the NEXT_LOCALE cookie that
// src/i18n/request.ts reads first.
import { cookies } from "next/headers";
import { LOCALE_COOKIE, LOCALES } from "@/i18n/request";
import { markActionReached } from "@/server/http/action-scope";

export async function setLocaleAction(locale: string): Promise<{ ok: boolean }> {
  markActionReached();
  if (!(LOCALES as readonly string[]).includes(locale)) return { ok: false };
  (await cookies()).set(LOCALE_COOKIE, locale, { path: "/", maxAge: 365 * 24 * 3600, sameSite: "lax" });
  return { ok: true };
}
