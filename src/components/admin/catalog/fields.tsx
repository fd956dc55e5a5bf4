"use client";
// Inputs shared by the catalog forms. Money is typed in major units (yuan, two decimals) and kept as
// the typed text until submit, where parseMajorToMinor turns it into integer minor units exactly.
// Whole numbers never clamp what was typed (clampBehavior="none"); the range is named instead.
import { NumberInput, TextInput, type NumberInputProps, type TextInputProps } from "@mantine/core";
import { useTranslations } from "next-intl";
import { formatMinor, parseMajorToMinor } from "@/server/services/catalog/money";

/** Minor units as the text a money field starts with ("" for none). */
export const moneyText = (minor: number | null | undefined): string => (minor === null || minor === undefined ? "" : formatMinor(minor));

/** The typed text as minor units: undefined when empty, null when it is not an amount. */
export function moneyValue(text: string): number | undefined | null {
  if (!text.trim()) return undefined;
  return parseMajorToMinor(text);
}

export function MoneyInput({ currency, ...props }: Omit<TextInputProps, "onChange" | "value"> & { currency: string; value: string; onChange: (v: string) => void }) {
  const t = useTranslations("catalog.common");
  const { onChange, ...rest } = props;
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      rightSection={<span style={{ fontSize: 12 }}>{currency}</span>}
      rightSectionWidth={48}
      description={rest.description ?? t("moneyHint", { currency })}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...rest}
    />
  );
}

/** What a whole-number field holds: a number, "" when empty, or text being typed ("-"). */
export type IntText = number | string;

/** A whole-number field; what was typed is kept as typed (a lone "-" too) until submit. */
export function IntInput(props: Omit<NumberInputProps, "onChange"> & { onChange: (v: IntText) => void }) {
  const { onChange, ...rest } = props;
  return <NumberInput clampBehavior="none" allowDecimal={false} trimLeadingZeroesOnBlur={false} onChange={onChange} {...rest} />;
}

/**
 * A field's value for a payload: undefined when empty; text that is not a number is sent as is, so
 * the server names the problem on that field.
 */
export function intValue(v: IntText): number | string | undefined {
  if (typeof v === "number") return v;
  if (v.trim() === "") return undefined;
  return Number.isFinite(Number(v)) ? Number(v) : v;
}
/** Empty means unlimited (null). */
export const limitValue = (v: IntText): number | string | null => intValue(v) ?? null;

/** A Date as the value of <input type="datetime-local"> in the browser's zone, and back. */
export function localInputValue(d: Date | string | null | undefined): string {
  if (!d) return "";
  const date = new Date(d);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
export const fromLocalInput = (v: string): string | null => (v ? new Date(v).toISOString() : null);
