"use client";
// The devices registered on a subscription, for an admin: the same list as the owner's, with the
// last address, and removal (audited) for a role that may change subscriptions.
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { removeSubscriptionDeviceAction } from "@/app/admin/subscriptions/[id]/device-actions";
import { DeviceRows } from "@/components/subscriptions/device-rows";
import type { DevicesView } from "@/components/subscriptions/devices-card";
import { useCan } from "../staff-permissions";

export function DevicesPanel({ devices }: { devices: DevicesView }) {
  const t = useTranslations("devices");
  const { subscriptionId, limit, total } = devices;
  // Removing a device is a subscription write; a read-only role sees the list alone.
  const mayRemove = useCan()("subscriptions.write");
  return (
    <Card withBorder padding="md" data-testid="devices-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {limit > 0 ? t("adminLimit", { limit }) : t("adminNoLimit")}
          </Text>
          <Badge color={limit > 0 && total >= limit ? "orange" : "gray"} variant="light" tt="none" data-testid="devices-count" data-count={total} data-limit={limit}>
            {limit > 0 ? t("countOfLimit", { count: total, limit }) : t("countUnlimited", { count: total })}
          </Badge>
        </Group>
        <DeviceRows rows={devices.rows} pages={Math.max(1, Math.ceil(total / devices.pageSize))} page={devices.page} admin remove={mayRemove ? (id) => removeSubscriptionDeviceAction(subscriptionId, id) : undefined} />
      </Stack>
    </Card>
  );
}
