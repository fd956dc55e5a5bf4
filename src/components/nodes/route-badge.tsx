"use client";
import { Badge, Text, Tooltip, type BadgeProps } from "@mantine/core";
import { IconRoute } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { RouteLabel } from "@/server/services/telemetry";
import { ROUTE_COLORS, ROUTE_KEYS } from "./meta";

/**
 * A line label. Product names ("CN2 GIA", "AS9929") are shown as they are known in the trade; the
 * tooltip explains them in the reader's language. Only "Ordinary" and "Unknown" are words, so
 * they are translated.
 */
export function RouteBadge({ label, size = "md", testId }: { label: RouteLabel; size?: BadgeProps["size"]; testId?: string }) {
  const t = useTranslations("lines.routes");
  const key = ROUTE_KEYS[label] ?? "unknown";
  const text = label === "Ordinary" ? t("ordinary.name") : label === "Unknown" ? t("unknown.name") : label;
  return (
    <Tooltip label={<Text size="xs" maw={280} style={{ whiteSpace: "normal" }}>{t(`${key}.help`)}</Text>} multiline withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge tt="none" color={ROUTE_COLORS[label] ?? "gray"} variant="light" size={size} leftSection={<IconRoute size={12} />} data-testid={testId} data-route={label} tabIndex={0} style={{ cursor: "help" }}>
        {text}
      </Badge>
    </Tooltip>
  );
}
