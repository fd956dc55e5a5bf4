import { randomUUID } from "node:crypto";
import { CLIENT_IP_HEADER, REQUEST_ID_HEADER } from "./client-ip";

type HeaderSource = { get(name: string): string | null };

/** The request's path and query as the client sent it, stamped by the custom server (incoming.ts):
 *  Next gives pages no other way to know their own address, and the login guard needs it. */
export const PATH_HEADER = "x-relayboard-path";

/** Request id and client IP as stamped by the custom server (see main.ts). */
export function requestMeta(h: HeaderSource): { requestId: string; ip: string | undefined } {
  return { requestId: h.get(REQUEST_ID_HEADER) ?? randomUUID(), ip: h.get(CLIENT_IP_HEADER) ?? undefined };
}

export function negotiateLocale(cookieLocale: string | undefined, acceptLanguage: string | null): "zh-CN" | "en" {
  if (cookieLocale === "en" || cookieLocale === "zh-CN") return cookieLocale;
  const prefs = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag, q] = part.trim().split(";q=");
      return { tag: (tag ?? "").toLowerCase(), q: q ? Number(q) : 1 };
    })
    .filter((p) => p.tag)
    .sort((a, b) => b.q - a.q);
  for (const p of prefs) {
    if (p.tag.startsWith("zh")) return "zh-CN";
    if (p.tag.startsWith("en")) return "en";
  }
  return "zh-CN";
}

/** The language of a request that has no Ctx (yet): the same rule as the pages, read off raw headers. */
export function localeOfHeaders(h: HeaderSource): "zh-CN" | "en" {
  const cookie = h.get("cookie") ?? "";
  const m = /(?:^|;\s*)NEXT_LOCALE=([^;]*)/.exec(cookie);
  return negotiateLocale(m?.[1], h.get("accept-language"));
}
