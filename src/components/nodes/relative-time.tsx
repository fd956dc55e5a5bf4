"use client";
import { Text, Tooltip, type TextProps } from "@mantine/core";
import { useFormatter, useNow, useTranslations } from "next-intl";

/** "3 minutes ago", with the exact time on hover; ticks every half minute. */
export function RelativeTime({ date, size = "sm", testId, ...rest }: { date: Date | string | null | undefined; testId?: string } & TextProps) {
  const f = useFormatter();
  const t = useTranslations("lines");
  const now = useNow({ updateInterval: 30_000 });
  if (!date) {
    return (
      <Text size={size} c="dimmed" data-testid={testId} {...rest}>
        {t("never")}
      </Text>
    );
  }
  const d = new Date(date);
  // Clamp clock skew between server and browser so a fresh report never reads "in 2 seconds".
  const rel = f.relativeTime(d, d.getTime() > now.getTime() ? d : now);
  return (
    <Tooltip label={f.dateTime(d, { dateStyle: "medium", timeStyle: "medium" })}>
      <Text size={size} span data-testid={testId} suppressHydrationWarning {...rest}>
        {rel}
      </Text>
    </Tooltip>
  );
}
