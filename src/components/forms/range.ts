// The words for a number outside its range. Number fields never clamp what the person typed
// (Mantine's NumberInput would on blur); they say what the range is instead.
import { useTranslations } from "next-intl";
import { useCallback } from "react";

export interface NumberRange {
  min?: number;
  max?: number;
}

/** Which message describes the range: both bounds, only a lower or only an upper one; null for none. */
export function rangeRule({ min, max }: NumberRange): { key: "between"; min: number; max: number } | { key: "atLeast"; min: number } | { key: "atMost"; max: number } | null {
  if (min !== undefined && max !== undefined) return { key: "between", min, max };
  if (min !== undefined) return { key: "atLeast", min };
  if (max !== undefined) return { key: "atMost", max };
  return null;
}

/** "Must be between 1 and 65,535." (or "at least" / "at most") in the page's language. */
export function useRangeText() {
  const t = useTranslations("forms.range");
  return useCallback(
    (range: NumberRange): string => {
      const r = rangeRule(range);
      if (!r) return t("invalid");
      return r.key === "between" ? t("between", { min: r.min, max: r.max }) : r.key === "atLeast" ? t("atLeast", { min: r.min }) : t("atMost", { max: r.max });
    },
    [t],
  );
}
