"use client";
import { Badge, Tooltip, type BadgeProps } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import { latencyColor } from "./meta";

/** A latency value coloured by band; "—" in grey when there is no measurement. */
export function LatencyBadge({ ms, at, size = "md", testId }: { ms: number | null | undefined; at?: Date | string | null; size?: BadgeProps["size"]; testId?: string }) {
  const t = useTranslations("lines");
  const f = useFormatter();
  const has = ms !== null && ms !== undefined;
  const badge = (
    <Badge tt="none" color={latencyColor(ms)} variant={has ? "light" : "outline"} size={size} data-testid={testId} data-latency={has ? ms : undefined} style={{ fontVariantNumeric: "tabular-nums" }}>
      {has ? t("ms", { value: Math.round(ms * 10) / 10 }) : "—"}
    </Badge>
  );
  if (!has || !at) return badge;
  return <Tooltip label={t("measuredAt", { when: f.dateTime(new Date(at), { dateStyle: "medium", timeStyle: "medium" }) })}>{badge}</Tooltip>;
}
