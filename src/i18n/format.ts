// The one way to write money, traffic and time, for pages, mails and notifications alike (no
// server imports: the browser uses it too, so both render the same text).
// - Money: integer minor units in the given currency and the reader's locale, with the narrow
//   symbol ("¥19.90" in both languages; "CN¥" and "19.90 CNY" were other pages' forms).
// - Traffic: binary units, the largest that keeps the number short ("0 B", "1.5 GB", "100 GB").
// - Time: the site's time zone (Asia/Shanghai, as the pages' next-intl config) in the reader's locale.
import { formatMinor } from "../server/services/catalog/money";

export const SITE_TIME_ZONE = "Asia/Shanghai";

const moneyFormats = new Map<string, Intl.NumberFormat | null>();

function moneyFormat(currency: string, locale: string): Intl.NumberFormat | null {
  const key = `${locale} ${currency}`;
  if (!moneyFormats.has(key)) {
    let f: Intl.NumberFormat | null = null;
    try {
      f = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      // A currency code Intl does not know: the amount and the code, still two decimals.
    }
    moneyFormats.set(key, f);
  }
  return moneyFormats.get(key)!;
}

/** 1990, "CNY", "en" -> "¥19.90"; -150 -> "-¥1.50". Division by 100 only feeds the formatter. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const f = moneyFormat(currency, locale);
  return f ? f.format(Math.trunc(minor) / 100) : `${formatMinor(minor)} ${currency}`;
}

const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"] as const;

/** 0 -> "0 B"; 1536 -> "1.5 KB"; 100 * 1024 ** 3 -> "100 GB" (at most two decimals, fewer as it grows). */
export function formatBytes(bytes: number): string {
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  const digits = i === 0 ? 0 : v < 10 ? 2 : v < 100 ? 1 : 0;
  return `${Number(v.toFixed(digits))} ${UNITS[i]}`;
}

/** Whole gigabytes as a plan states them (a plan's 100 GB), through the same formatter. */
export const formatGb = (gb: number): string => formatBytes(gb * 1024 ** 3);

/** A moment in the site's time zone and the reader's locale: "Nov 28, 2026, 5:53 PM" / "2026年11月28日 17:53". */
export function formatDateTime(at: Date, locale: string, timeZone: string = SITE_TIME_ZONE): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(at);
}

/** A day in the site's time zone and the reader's locale: "Nov 1, 2026" / "2026年11月1日". */
export function formatDate(at: Date, locale: string, timeZone: string = SITE_TIME_ZONE): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(at);
}
