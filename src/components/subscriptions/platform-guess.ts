// Which platform's apps the import buttons show first, from the User-Agent the page was asked with
// (read on the server, so the first HTML and the hydrated page agree). A guess only: every platform
// stays a tab away.
import type { ClientPlatform } from "@/server/services/settings/client-catalogue-types";

export function guessPlatform(userAgent: string | null | undefined): ClientPlatform | null {
  const ua = userAgent ?? "";
  // iPhone and iPad agents say "like Mac OS X", and Android agents say "Linux": test those first.
  if (/iPhone|iPad|iPod/.test(ua)) return "ios";
  if (/Android/.test(ua)) return "android";
  if (/Windows NT/.test(ua)) return "windows";
  // iPadOS Safari asks for desktop pages as a Mac; the macOS list then still shows Stash, sing-box
  // and Shadowrocket, which exist there too.
  if (/Macintosh|Mac OS X/.test(ua)) return "macos";
  // Desktop Linux starts on the Linux apps (few, so its first HTML is short); anything unknown on
  // every app.
  if (/Linux|X11/.test(ua)) return "linux";
  return null;
}
