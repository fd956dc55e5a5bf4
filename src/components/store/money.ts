// Prices as people read them: the one money formatter (src/i18n/format.ts), re-exported where the
// store's components have always imported it. Pass the reader's locale (`useLocale()` / `getLocale()`).
export { formatMoney } from "@/i18n/format";
