// Prices as people read them: the currency's symbol and the amount with two decimals, worked out on
// the integer minor units (catalog/money.ts), so server and browser render the same text.
import { formatMinor } from "@/server/services/catalog/money";

const SYMBOLS: Record<string, string> = { CNY: "¥", USD: "$", EUR: "€", HKD: "HK$", TWD: "NT$", GBP: "£", SGD: "S$" };

export function formatMoney(minor: number, currency: string): string {
  const sign = minor < 0 ? "-" : "";
  const symbol = SYMBOLS[currency];
  const amount = formatMinor(Math.abs(minor));
  return symbol ? `${sign}${symbol}${amount}` : `${sign}${amount} ${currency}`;
}
