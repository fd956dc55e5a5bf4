// The inviters who earned the most commission, beside the payouts: who the money goes to.
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { getLocale, getTranslations } from "next-intl/server";
import { formatMoney } from "@/components/store/money";

export interface TopInviterView {
  email: string;
  invitees: number;
  earnedMinor: number;
  paidOutMinor: number;
}

export async function TopInviters({ rows, currency }: { rows: TopInviterView[]; currency: string }) {
  const [t, locale] = await Promise.all([getTranslations("referral.admin.top"), getLocale()]);
  return (
    <Card withBorder padding="md" data-testid="top-inviters">
      <Stack gap="xs">
        <div>
          <Title order={3} size="h5">
            {t("title")}
          </Title>
          <Text size="xs" c="dimmed">
            {t("hint")}
          </Text>
        </div>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("empty")}
          </Text>
        ) : (
          rows.map((r) => (
            <Group key={r.email} justify="space-between" wrap="nowrap" gap="sm" data-testid="top-inviter">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                  {r.email}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("line", { count: r.invitees, paidOut: formatMoney(r.paidOutMinor, currency, locale) })}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="xs" c="dimmed">
                  {t("earned")}
                </Text>
                <Text size="sm" fw={700}>
                  {formatMoney(r.earnedMinor, currency, locale)}
                </Text>
              </Stack>
            </Group>
          ))
        )}
      </Stack>
    </Card>
  );
}
