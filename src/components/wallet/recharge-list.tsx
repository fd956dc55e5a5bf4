"use client";
// The caller's recharges: a table on wide screens, stacked cards on phones (one layout in the DOM).
// A pending one can be paid or cancelled (cancel asks first); every one opens its page.
import { Button, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconReceipt2 } from "@tabler/icons-react";
import { useFormatter, useTranslations, useLocale } from "next-intl";
import { useState, type ReactNode } from "react";
import { cancelRechargeOrder } from "@/app/(user)/wallet/actions";
import { ButtonLink } from "@/components/links";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { EmptyState } from "@/components/shell/empty-state";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { formatMoney } from "@/components/store/money";
import type { RechargeStatus } from "@/server/db/schema/wallet";
import { RechargeStatusBadge } from "./recharge-status";

export interface RechargeRow {
  id: string;
  rechargeNo: string;
  amountMinor: number;
  currency: string;
  status: RechargeStatus;
  cancelReason: string | null;
  provider: string | null;
  createdAt: string;
  /** Pending and not past its time (decided by the server when the page was read). */
  payable: boolean;
}

function Actions({ row, onCancel }: { row: RechargeRow; onCancel: () => void }) {
  const t = useTranslations("wallet.recharges");
  const open = row.payable;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {open ? (
        <ButtonLink href={`/wallet/recharge/${row.id}`} size="compact-sm" data-testid="recharge-pay">
          {t("pay")}
        </ButtonLink>
      ) : (
        <ButtonLink href={`/wallet/recharge/${row.id}`} variant="subtle" size="compact-sm" data-testid="recharge-view">
          {t("view")}
        </ButtonLink>
      )}
      {open ? (
        <Button variant="default" size="compact-sm" color="red" onClick={onCancel} data-testid="recharge-cancel">
          {t("cancel")}
        </Button>
      ) : null}
    </Group>
  );
}

export function RechargeList({ rows, footer }: { rows: RechargeRow[]; footer?: ReactNode }) {
  const locale = useLocale();
  const t = useTranslations("wallet.recharges");
  const tp = useTranslations("store.provider");
  const format = useFormatter();
  const { messageOf } = useErrorText();
  const phone = usePhoneLayout();
  const [cancelling, setCancelling] = useState<RechargeRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const method = (p: string | null) => (p === "epay" || p === "alipay_f2f" || p === "usdt_trc20" ? tp(p) : t("noMethod"));

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    const r = await cancelRechargeOrder(cancelling.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("cancelled", { rechargeNo: cancelling.rechargeNo }));
    setCancelling(null);
  };
  const askCancel = (row: RechargeRow) => {
    setError(null);
    setCancelling(row);
  };

  let body;
  if (rows.length === 0) {
    body = <EmptyState icon={<IconReceipt2 size={26} />} title={t("empty")} hint={t("emptyHint")} testId="recharges-empty" />;
  } else if (phone) {
    body = (
      <Stack gap="sm" data-testid="recharges-cards">
        {rows.map((r) => (
          <Card key={r.id} withBorder padding="md" data-testid="recharge-row" data-recharge-no={r.rechargeNo}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                  {r.rechargeNo}
                </Text>
                <RechargeStatusBadge recharge={r} />
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {date(r.createdAt)} · {method(r.provider)}
                </Text>
                <Text fw={700}>{formatMoney(r.amountMinor, r.currency, locale)}</Text>
              </Group>
              <Actions row={r} onCancel={() => askCancel(r)} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={680}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="recharges-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("rechargeNo")}</Table.Th>
                <Table.Th>{t("date")}</Table.Th>
                <Table.Th ta="right">{t("amount")}</Table.Th>
                <Table.Th>{t("method")}</Table.Th>
                <Table.Th>{t("status")}</Table.Th>
                <Table.Th ta="right">{t("actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-testid="recharge-row" data-recharge-no={r.rechargeNo}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {r.rechargeNo}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                      {date(r.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                      {formatMoney(r.amountMinor, r.currency, locale)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{method(r.provider)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <RechargeStatusBadge recharge={r} />
                  </Table.Td>
                  <Table.Td>
                    <Actions row={r} onCancel={() => askCancel(r)} />
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
    <Stack gap="sm" data-testid="wallet-recharges">
      <Title order={3} size="h4">
        {t("title")}
      </Title>
      {body}
      {footer}
      <ConfirmModal
        opened={cancelling !== null}
        title={t("cancelTitle", { rechargeNo: cancelling?.rechargeNo ?? "" })}
        confirmLabel={t("cancelConfirm")}
        cancelLabel={t("keep")}
        busy={busy}
        error={error}
        onConfirm={cancel}
        onClose={() => setCancelling(null)}
        testId="recharge-cancel-modal"
      >
        {t("cancelBody")}
      </ConfirmModal>
    </Stack>
  );
}
