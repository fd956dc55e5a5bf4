// [wallet] The admin dashboard's wallet card: what the site owes its users (the sum of balances), and
// whether every balance still equals its ledger (the same check as `relayboard wallet check`).
import { Alert, Card, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { getFormatter, getTranslations, getLocale } from "next-intl/server";
import { formatMoney } from "@/components/store/money";
import type { WalletDashboard } from "@/server/services/wallet/admin-wallet";
import { AnchorLink } from "../../links";

export async function WalletDashboardPanel({ data, currency }: { data: WalletDashboard; currency: string }) {
  const locale = await getLocale();
  const [t, f] = await Promise.all([getTranslations("adminWalletUser.dashboard"), getFormatter()]);
  const { check } = data;
  return (
    <Card withBorder padding="lg" data-testid="wallet-dashboard">
      <Stack gap="sm">
        <Text fw={600}>{t("title")}</Text>
        <Group gap="xl" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t("owed")}
            </Text>
            <Text fz={24} fw={700} data-testid="wallet-owed">
              {formatMoney(data.totalBalanceMinor, currency, locale)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t("accounts")}
            </Text>
            <Text fz={24} fw={700}>
              {f.number(data.accounts)}
            </Text>
          </div>
        </Group>
        {check.ok ? (
          <Group gap={6} data-testid="wallet-check" data-ok="true">
            <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
            <Text size="sm">{t("checkOk")}</Text>
          </Group>
        ) : (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("checkFailedTitle", { count: check.mismatches.length })} data-testid="wallet-check" data-ok="false">
            <Stack gap={4}>
              <Text size="sm">{t("checkFailedBody")}</Text>
              {check.mismatches.slice(0, 10).map((m) => (
                <AnchorLink key={m.userId} href={`/admin/users/${m.userId}/wallet`} size="sm">
                  {t("mismatch", { who: m.email ?? m.userId, balance: formatMoney(m.balanceMinor, currency, locale), ledger: formatMoney(m.ledgerSumMinor, currency, locale) })}
                </AnchorLink>
              ))}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
