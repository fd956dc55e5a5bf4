"use client";
// [wallet] The balance on the pay page: what the buyer has (and what is already set aside for this
// order), "Pay from balance" (disabled, with the reason, when the balance is short), and the switch
// that uses the balance for part of the order; the gateway methods below then ask for the rest.
import { Alert, Anchor, Button, Card, Group, Stack, Switch, Text } from "@mantine/core";
import { IconWallet } from "@tabler/icons-react";
import { useTranslations, useLocale } from "next-intl";
import Link from "next/link";
import { formatMoney } from "./money";

export interface BalanceInfo {
  /** Spendable balance now (money held for this order has left it). */
  balanceMinor: number;
  /** Already set aside for this order by an earlier split payment. */
  heldMinor: number;
}

/** The balance part of a split: as much as the balance allows, leaving at least one minor unit for the gateway. */
export function splitPart(info: BalanceInfo, totalMinor: number): number {
  return Math.min(info.balanceMinor + info.heldMinor, totalMinor - 1);
}

interface Props {
  info: BalanceInfo;
  totalMinor: number;
  currency: string;
  split: boolean;
  onSplitChange: (on: boolean) => void;
  onPay: () => void;
  paying: boolean;
  disabled: boolean;
}

export function BalancePayPanel({ info, totalMinor, currency, split, onSplitChange, onPay, paying, disabled }: Props) {
  const locale = useLocale();
  const t = useTranslations("balancePay");
  const money = (m: number) => formatMoney(m, currency, locale);
  const spendable = info.balanceMinor + info.heldMinor;
  const enough = spendable >= totalMinor;
  const part = splitPart(info, totalMinor);
  return (
    <Card withBorder padding="lg" data-testid="balance-pay">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconWallet size={20} />
            <Text fw={600}>{t("title")}</Text>
          </Group>
          <Text size="sm" data-testid="balance-pay-balance">
            {t("yourBalance", { amount: money(info.balanceMinor) })}
          </Text>
        </Group>
        {info.heldMinor > 0 ? (
          <Text size="sm" c="dimmed" data-testid="balance-pay-held">
            {t("held", { amount: money(info.heldMinor) })}
          </Text>
        ) : null}
        <Button size="md" fullWidth onClick={onPay} loading={paying} disabled={!enough || disabled} data-testid="balance-pay-button">
          {t("payButton", { amount: money(totalMinor) })}
        </Button>
        {!enough ? (
          <Alert color="yellow" variant="light" data-testid="balance-pay-short">
            <Stack gap={4}>
              <Text size="sm">{spendable === 0 ? t("empty") : t("short", { missing: money(totalMinor - spendable) })}</Text>
              <Anchor component={Link} href="/wallet" size="sm" data-testid="balance-pay-recharge">
                {t("recharge")}
              </Anchor>
            </Stack>
          </Alert>
        ) : null}
        {!enough && part > 0 ? (
          <Stack gap={4}>
            <Switch
              checked={split}
              onChange={(e) => onSplitChange(e.currentTarget.checked)}
              disabled={disabled}
              label={t("splitSwitch")}
              data-testid="balance-pay-split"
            />
            {split ? (
              <Text size="sm" c="dimmed" data-testid="balance-pay-split-detail">
                {t("splitDetail", { balance: money(part), rest: money(totalMinor - part) })}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
