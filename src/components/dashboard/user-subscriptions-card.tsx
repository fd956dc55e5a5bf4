// The user dashboard's live subscriptions: plan, status, days left and the usage bar, each opening
// its own page; the full list is one link away.
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { getFormatter, getTranslations } from "next-intl/server";
import type { UserDashboard } from "@/server/services/dashboard";
import { AnchorLink, ButtonLink } from "../links";
import { SubscriptionStatusBadge } from "../subscriptions/subscription-status";
import { UsageSummary } from "../subscriptions/usage-summary";

export async function UserSubscriptionsCard({ data }: { data: UserDashboard }) {
  const [t, f] = await Promise.all([getTranslations("userOverview"), getFormatter()]);
  const hidden = data.liveSubscriptions - data.subscriptions.length;
  return (
    <Card withBorder padding="lg" data-testid="dashboard-subscriptions">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Text fw={600}>{t("subscriptionsTitle")}</Text>
        <AnchorLink href="/subscriptions" size="sm">
          {t("allSubscriptions")}
        </AnchorLink>
      </Group>
      {data.subscriptions.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            {t("empty")}
          </Text>
          <ButtonLink href="/store" variant="light" size="xs">
            {t("toStore")}
          </ButtonLink>
        </Stack>
      ) : (
        <Stack gap="lg">
          {data.subscriptions.map((s) => {
            const limited = s.trafficLimitBytes > 0;
            const left = s.daysLeft === 0 ? t("expiresToday") : t("daysLeft", { days: s.daysLeft });
            return (
              <Stack key={s.id} gap={6} data-testid="dashboard-subscription" data-id={s.id}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <AnchorLink href={`/subscriptions/${s.id}`} fw={600} style={{ overflowWrap: "anywhere" }}>
                    {s.planName}
                  </AnchorLink>
                  <SubscriptionStatusBadge status={s.status} />
                </Group>
                <Group gap="xs" wrap="wrap">
                  {/* A light badge when it is close: it keeps its contrast in both color schemes, red text would not. */}
                  {s.daysLeft <= 3 ? (
                    <Badge color="red" variant="light" tt="none" style={{ flexShrink: 0, maxWidth: "none" }} styles={{ label: { overflow: "visible" } }} data-testid="days-left" data-days={s.daysLeft}>
                      {left}
                    </Badge>
                  ) : (
                    <Text size="sm" fw={500} data-testid="days-left" data-days={s.daysLeft}>
                      {left}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    {t("expires", { date: f.dateTime(s.expiresAt, { dateStyle: "medium" }) })}
                  </Text>
                </Group>
                <UsageSummary usage={s} exhausted={limited && s.trafficUsedBytes >= s.trafficLimitBytes} testId={`usage-${s.id}`} />
              </Stack>
            );
          })}
          {hidden > 0 ? (
            <AnchorLink href="/subscriptions" size="sm">
              {t("more", { count: hidden })}
            </AnchorLink>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
