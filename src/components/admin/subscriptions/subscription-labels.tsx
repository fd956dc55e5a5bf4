"use client";
// Subscriptions in words: status badges, the usage bar (used of limit, up and down) and byte amounts.
import { Badge, Group, Progress, Stack, Text, Tooltip } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { SubscriptionStatus } from "@/server/db/schema/commerce";
import { LabelBadge } from "../../labels/label-badge";
import { formatBytes } from "../../subscriptions/bytes";

export const SUBSCRIPTION_STATUS_COLORS: Record<SubscriptionStatus, string> = { ACTIVE: "teal", SUSPENDED: "orange", EXPIRED: "gray", CANCELLED: "red" };

/** A subscription's status in the label catalogue's word (the same on the user's pages). */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <LabelBadge family="subscriptionStatus" code={status} color={SUBSCRIPTION_STATUS_COLORS[status]} testId="subscription-status" />;
}

/** Trial and risk-restricted marks beside the status; nothing for an ordinary subscription. */
export function SubscriptionMarks({ trial, restricted }: { trial: boolean; restricted: boolean }) {
  const t = useTranslations("adminSubscriptions");
  return (
    <>
      {trial ? (
        <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
          {t("trial")}
        </Badge>
      ) : null}
      {restricted ? (
        <Tooltip label={t("restrictedHint")} multiline w={240}>
          <Badge color="red" variant="filled" leftSection={<IconShieldLock size={12} aria-hidden />} style={{ flexShrink: 0 }} data-testid="subscription-restricted">
            {t("restricted")}
          </Badge>
        </Tooltip>
      ) : null}
    </>
  );
}

/** Used of limit as a bar; red from 90 %. A limit of 0 means no limit (streaming slots). */
export function UsageBar({ used, limit, up, down, compact = false }: { used: number; limit: number; up?: number; down?: number; compact?: boolean }) {
  const t = useTranslations("adminSubscriptions");
  const pct = limit > 0 ? Math.min(100, (used / limit) * 100) : 0;
  const text = limit > 0 ? t("usageOf", { used: formatBytes(used), limit: formatBytes(limit) }) : t("usageUnlimited", { used: formatBytes(used) });
  return (
    <Stack gap={4} miw={compact ? 140 : undefined} data-testid="subscription-usage" data-used={used} data-limit={limit}>
      {limit > 0 ? <Progress value={pct} color={pct >= 90 ? "red" : pct >= 80 ? "orange" : "teal"} size={compact ? "sm" : "md"} aria-label={text} /> : null}
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size={compact ? "xs" : "sm"}>{text}</Text>
        {up !== undefined && down !== undefined ? (
          <Text size="xs" c="dimmed">
            {t("upDown", { up: formatBytes(up), down: formatBytes(down) })}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
