import { Card, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconWallet } from "@tabler/icons-react";
import { useTranslations, useLocale } from "next-intl";
import { formatMoney } from "@/components/store/money";

/** The spendable balance, large, with what it is for. */
export function BalanceSummary({ balanceMinor, currency }: { balanceMinor: number; currency: string }) {
  const locale = useLocale();
  const t = useTranslations("wallet.balance");
  return (
    <Card withBorder padding="lg" data-testid="wallet-balance-card">
      <Group gap="md" wrap="nowrap" align="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal">
          <IconWallet size={26} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t("title")}
          </Text>
          <Text fz={32} fw={700} lh={1.1} data-testid="wallet-balance" data-minor={balanceMinor} style={{ overflowWrap: "anywhere" }}>
            {formatMoney(balanceMinor, currency, locale)}
          </Text>
          <Text size="xs" c="dimmed">
            {t("hint")}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
