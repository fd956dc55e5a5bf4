"use client";
// The owner's subscriptions as cards: plan, status, where it runs, time left and traffic used; and
// renew / add traffic where the plan allows it (the modal prices the choice before ordering).
import { Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCalendarPlus, IconGauge, IconListDetails, IconStack2 } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { ButtonLink } from "@/components/links";
import type { MySubscription } from "@/server/services/subscriptions/my-subscriptions";
import { ExtendModal } from "./extend-modal";
import { SubscriptionStatusBadge } from "./subscription-status";
import { EmptyState } from "@/components/shell/empty-state";
import { formatBytes } from "./bytes";

/** A subscription as the page passes it in: the service's row with dates as text and one "where". */
export type SubscriptionRow = Omit<MySubscription, "nodeName" | "streamingName" | "startsAt" | "expiresAt"> & { where: string | null; expiresAt: string };


function Traffic({ sub }: { sub: SubscriptionRow }) {
  const t = useTranslations("subscriptions");
  if (sub.kind !== "PROXY") return null;
  const pct = sub.trafficLimitBytes > 0 ? Math.min(100, (sub.trafficUsedBytes / sub.trafficLimitBytes) * 100) : 0;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t("traffic")}
        </Text>
        <Text size="xs" data-testid="subscription-traffic">
          {t("trafficUsed", { used: formatBytes(sub.trafficUsedBytes), limit: formatBytes(sub.trafficLimitBytes) })}
        </Text>
      </Group>
      <Progress value={pct} color={pct >= 90 ? "red" : "blue"} size="sm" aria-label={t("traffic")} />
    </Stack>
  );
}

function SubscriptionCard({ sub, onExtend }: { sub: SubscriptionRow; onExtend: (kind: "RENEWAL" | "TRAFFIC_TOPUP") => void }) {
  const t = useTranslations("subscriptions");
  const format = useFormatter();
  const expires = new Date(sub.expiresAt);
  const live = sub.status === "ACTIVE" || sub.status === "SUSPENDED";
  return (
    <Card withBorder padding="lg" radius="md" data-testid="subscription-card" data-plan-name={sub.planName} data-subscription-id={sub.id}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
            {sub.planName}
          </Title>
          <SubscriptionStatusBadge status={sub.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {sub.kind === "STREAMING" ? t("kindStreaming") : sub.trial ? t("kindTrial") : t("kindProxy")}
          {sub.where ? ` · ${sub.where}` : ""}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {live ? t("expires") : t("ended")}
          </Text>
          <Text size="xs" data-testid="subscription-expires" data-expires-at={sub.expiresAt}>
            {format.dateTime(expires, { dateStyle: "medium", timeStyle: "short" })}
          </Text>
        </Group>
        <Traffic sub={sub} />
        <Group gap="xs" mt="auto" wrap="wrap">
          <ButtonLink href={`/subscriptions/${sub.id}`} size="compact-sm" variant="default" leftSection={<IconListDetails size={14} />} data-testid="subscription-details">
            {t("details")}
          </ButtonLink>
          {sub.canRenew ? (
            <Button size="compact-sm" leftSection={<IconCalendarPlus size={14} />} onClick={() => onExtend("RENEWAL")} data-testid="subscription-renew">
              {t("renew")}
            </Button>
          ) : null}
          {sub.canAddTraffic ? (
            <Button size="compact-sm" variant="light" leftSection={<IconGauge size={14} />} onClick={() => onExtend("TRAFFIC_TOPUP")} data-testid="subscription-topup">
              {t("addTraffic")}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

export function SubscriptionsList({ rows, currency }: { rows: SubscriptionRow[]; currency: string }) {
  const t = useTranslations("subscriptions");
  const [extending, setExtending] = useState<{ sub: SubscriptionRow; kind: "RENEWAL" | "TRAFFIC_TOPUP" } | null>(null);
  if (rows.length === 0) {
    return (
      <EmptyState icon={<IconStack2 size={26} />} title={t("empty")} hint={t("emptyHint")} testId="subscriptions-empty">
      <ButtonLink href="/store" mt="xs" data-testid="subscriptions-go-store">
        {t("goStore")}
      </ButtonLink>
      </EmptyState>
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="subscriptions-list">
        {rows.map((s) => (
          <SubscriptionCard key={s.id} sub={s} onExtend={(kind) => setExtending({ sub: s, kind })} />
        ))}
      </SimpleGrid>
      {extending ? <ExtendModal sub={extending.sub} kind={extending.kind} currency={currency} onClose={() => setExtending(null)} /> : null}
    </>
  );
}
