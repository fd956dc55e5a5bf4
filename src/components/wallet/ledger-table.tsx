"use client";
// The balance history: every ledger row of the caller, newest first, filtered by type and by a
// range of days (kept in the URL, so a filtered page can be shared and reloaded), paged in `page`.
// A table on wide screens, stacked cards on phones; credits read green with a plus, debits with a minus.
import { Button, Card, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useFormatter, useTranslations, useLocale } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition, type ReactNode } from "react";
import { EmptyState } from "@/components/shell/empty-state";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { formatMoney } from "@/components/store/money";
import { WALLET_TX_KINDS, type WalletTxKind } from "@/server/db/schema/wallet";

export interface LedgerRow {
  id: number;
  kind: WalletTxKind;
  amountMinor: number;
  balanceAfterMinor: number;
  createdAt: string;
}

export interface LedgerFilters {
  kind: WalletTxKind | null;
  /** YYYY-MM-DD, the site's days. */
  from: string | null;
  to: string | null;
}

const signed = (minor: number, currency: string, locale: string) => (minor > 0 ? `+${formatMoney(minor, currency, locale)}` : formatMoney(minor, currency, locale));

function Filters({ filters }: { filters: LedgerFilters }) {
  const t = useTranslations("wallet.ledger");
  const tk = useTranslations("wallet.kinds");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const apply = (next: Partial<LedgerFilters>) => {
    const merged = { ...filters, ...next };
    const qs = new URLSearchParams(params.toString());
    for (const key of ["kind", "from", "to"] as const) {
      const v = merged[key];
      if (v) qs.set(key, v);
      else qs.delete(key);
    }
    qs.delete("page");
    const s = qs.toString();
    startTransition(() => router.push(s ? `${pathname}?${s}` : pathname, { scroll: false }));
  };
  const any = !!(filters.kind || filters.from || filters.to);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="ledger-filters">
      <Select
        label={t("kind")}
        placeholder={t("allKinds")}
        data={WALLET_TX_KINDS.map((k) => ({ value: k, label: tk(k) }))}
        value={filters.kind}
        onChange={(v) => apply({ kind: (v as WalletTxKind | null) ?? null })}
        clearable
        w={{ base: "100%", xs: 220 }}
        data-testid="ledger-kind-filter"
      />
      <TextInput type="date" label={t("from")} value={filters.from ?? ""} max={filters.to ?? undefined} onChange={(e) => apply({ from: e.currentTarget.value || null })} w={{ base: "calc(50% - 6px)", xs: 170 }} data-testid="ledger-from" />
      <TextInput type="date" label={t("to")} value={filters.to ?? ""} min={filters.from ?? undefined} onChange={(e) => apply({ to: e.currentTarget.value || null })} w={{ base: "calc(50% - 6px)", xs: 170 }} data-testid="ledger-to" />
      {any ? (
        <Button variant="subtle" onClick={() => apply({ kind: null, from: null, to: null })} data-testid="ledger-clear">
          {t("clear")}
        </Button>
      ) : null}
      {pending ? <Loader size="xs" mb={10} /> : null}
    </Group>
  );
}

export function LedgerTable({ rows, currency, filters, footer }: { rows: LedgerRow[]; currency: string; filters: LedgerFilters; footer?: ReactNode }) {
  const locale = useLocale();
  const t = useTranslations("wallet.ledger");
  const tk = useTranslations("wallet.kinds");
  const format = useFormatter();
  const phone = usePhoneLayout();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const color = (minor: number) => (minor > 0 ? "teal" : undefined);
  const filtered = !!(filters.kind || filters.from || filters.to);

  let body;
  if (rows.length === 0) {
    body = <EmptyState icon={<IconHistory size={26} />} title={filtered ? t("emptyFiltered") : t("empty")} hint={t("emptyHint")} testId="ledger-empty" />;
  } else if (phone) {
    body = (
      <Stack gap="xs" data-testid="ledger-cards">
        {rows.map((r) => (
          <Card key={r.id} withBorder padding="sm" data-testid="ledger-row" data-kind={r.kind} data-amount={r.amountMinor}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {tk(r.kind)}
                </Text>
                <Text size="xs" c="dimmed">
                  {date(r.createdAt)}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                <Text fw={700} c={color(r.amountMinor)}>
                  {signed(r.amountMinor, currency, locale)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("balanceAfter")} {formatMoney(r.balanceAfterMinor, currency, locale)}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="sm" horizontalSpacing="md" striped data-testid="ledger-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("date")}</Table.Th>
                <Table.Th>{t("kind")}</Table.Th>
                <Table.Th ta="right">{t("amount")}</Table.Th>
                <Table.Th ta="right">{t("balanceAfter")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-testid="ledger-row" data-kind={r.kind} data-amount={r.amountMinor}>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                      {date(r.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{tk(r.kind)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} c={color(r.amountMinor)} style={{ whiteSpace: "nowrap" }}>
                      {signed(r.amountMinor, currency, locale)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                      {formatMoney(r.balanceAfterMinor, currency, locale)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    );
  }

  return (
    <Stack gap="sm" data-testid="wallet-ledger">
      <Title order={3} size="h4">
        {t("title")}
      </Title>
      <Filters filters={filters} />
      {body}
      {footer}
    </Stack>
  );
}
