// Money in the reader's locale for client components: the one formatter (src/i18n/format.ts) with
// the page's locale filled in. Server components call formatMoney with `await getLocale()`.
import { useLocale } from "next-intl";
import { useCallback } from "react";
import { formatMoney } from "@/i18n/format";

export function useMoney(): (minor: number, currency: string) => string {
  const locale = useLocale();
  return useCallback((minor: number, currency: string) => formatMoney(minor, currency, locale), [locale]);
}
