"use client";
// [wallet] The auto-renew switches on /wallet: one row per subscription with its expiry, when the
// next renewal is taken from the balance and how much, and the switch (Server Action setAutoRenew).
// The page builds the props with autoRenewOverview (services/wallet/auto-renew.ts).
import { Card, Group, Stack, Switch, Text, Title } from "@mantine/core";
import { useFormatter, useTranslations, useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { setAutoRenew } from "@/app/(user)/wallet/auto-renew-actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { formatMoney } from "@/components/store/money";
import type { AutoRenewRow } from "@/server/services/wallet/auto-renew";

/** A row as autoRenewOverview builds it; renewsAt (when the renewal is taken) is shown when given. */
export type AutoRenewPanelRow = Omit<AutoRenewRow, "renewsAt"> & { renewsAt?: string | null };

export function AutoRenewPanel({ subscriptions, daysBefore }: { subscriptions: AutoRenewPanelRow[]; daysBefore?: number }) {
  const t = useTranslations("autoRenew");
  return (
    <Card withBorder padding="lg" radius="md" data-testid="auto-renew-panel">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("title")}
        </Title>
        {daysBefore !== undefined && (
          <Text size="sm" c="dimmed">
            {t("intro", { days: daysBefore })}
          </Text>
        )}
        {subscriptions.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="auto-renew-empty">
            {t("empty")}
          </Text>
        ) : (
          <Stack gap="xs">
            {subscriptions.map((s) => (
              <AutoRenewRowView key={s.id} row={s} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function AutoRenewRowView({ row }: { row: AutoRenewPanelRow }) {
  const locale = useLocale();
  const t = useTranslations("autoRenew");
  const f = useFormatter();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState(false);
  const [on, setOn] = useState(row.autoRenew);
  const when = (iso: string) => f.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  const flip = async (next: boolean) => {
    setBusy(true);
    const r = await setAutoRenew(row.id, next).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    setOn(next);
    notifySuccess(t(next ? "enabled" : "disabled", { plan: row.planName }));
    router.refresh();
  };

  // Off and not renewable: nothing to switch on. On but no longer renewable: it can still be turned off.
  const disabled = busy || (!on && !row.renewable);
  return (
    <Group justify="space-between" align="center" wrap="nowrap" gap="sm" py={6} data-testid={`auto-renew-row-${row.id}`} data-auto-renew={on ? "on" : "off"}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={500} style={{ overflowWrap: "anywhere" }}>
          {row.planName}
        </Text>
        <Text size="xs" c="dimmed">
          {t("expires", { date: when(row.expiresAt) })}
        </Text>
        {row.renewable ? (
          <Text size="xs" c="dimmed" data-testid={`auto-renew-terms-${row.id}`}>
            {t("price", { price: formatMoney(row.renewPriceMinor, row.currency, locale) })}
            {on && row.renewsAt ? ` · ${t("renewsAt", { date: when(row.renewsAt) })}` : ""}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {t("unavailable")}
          </Text>
        )}
      </Stack>
      <Switch
        checked={on}
        disabled={disabled}
        onChange={(e) => flip(e.currentTarget.checked)}
        label={on ? t("on") : t("off")}
        labelPosition="left"
        aria-label={t("switchLabel", { plan: row.planName })}
        data-testid={`auto-renew-switch-${row.id}`}
      />
    </Group>
  );
}
