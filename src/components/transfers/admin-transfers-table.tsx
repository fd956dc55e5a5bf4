"use client";
// The admin transfer list: a table on wide screens, stacked cards on phones (one layout in the DOM).
// Delete asks first, saying what happens: an awaiting transfer is cancelled (restored, refunded) and
// removed; a finished one loses its history row only.
import { Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { IconArrowsExchange } from "@tabler/icons-react";
import { useFormatter, useTranslations, useLocale } from "next-intl";
import { useState } from "react";
import { deleteAdminSubscriptionTransfer } from "@/app/admin/wallet/transfers/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { EmptyState } from "@/components/shell/empty-state";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { formatMoney } from "@/components/store/money";
import { useCan } from "@/components/admin/staff-permissions";
import type { FeeBearer, TransferStatus } from "@/server/db/schema/wallet";
import { TransferConfirm } from "./transfer-confirm";
import { TransferStatusBadge } from "./transfer-status";

export interface AdminTransferView {
  id: string;
  planName: string;
  fromEmail: string;
  toEmail: string;
  status: TransferStatus;
  feeMinor: number;
  feeBearer: FeeBearer;
  feeCharged: boolean;
  feeRefunded: boolean;
  expiresAt: string;
  resolvedAt: string | null;
  createdAt: string;
}

export function AdminTransfersTable({ rows, currency, filtered }: { rows: AdminTransferView[]; currency: string; filtered: boolean }) {
  const locale = useLocale();
  const t = useTranslations("adminTransfers");
  const format = useFormatter();
  const { messageOf } = useErrorText();
  const phone = usePhoneLayout();
  const [deleting, setDeleting] = useState<AdminTransferView | null>(null);
  const mayDelete = useCan()("wallet.write");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : "—");

  const fee = (r: AdminTransferView) => {
    if (r.feeMinor === 0) return t("feeState.none");
    const state = r.feeRefunded ? "refunded" : r.feeCharged ? "charged" : "pending";
    return `${formatMoney(r.feeMinor, currency, locale)} · ${t(`bearers.${r.feeBearer}`)} · ${t(`feeState.${state}`)}`;
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    const r = await deleteAdminSubscriptionTransfer(deleting.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(r.data.outcome === "cancelled" ? t("deletedCancelled") : t("deletedHistory"));
    setDeleting(null);
  };
  const ask = (r: AdminTransferView) => {
    setError(null);
    setDeleting(r);
  };
  // Deleting is a wallet write (issue 29): a read-only role has no button.
  const deleteButton = (r: AdminTransferView) =>
    mayDelete ? (
      <Button size="compact-sm" variant="default" color="red" onClick={() => ask(r)} data-testid="admin-transfer-delete">
        {t("delete")}
      </Button>
    ) : null;

  if (rows.length === 0) {
    return <EmptyState icon={<IconArrowsExchange size={26} />} title={filtered ? t("emptyFiltered") : t("empty")} hint={t("emptyHint")} testId="admin-transfers-empty" />;
  }

  return (
    <>
      {phone ? (
        <Stack gap="sm" data-testid="admin-transfers-cards">
          {rows.map((r) => (
            <Card key={r.id} withBorder padding="md" data-testid="admin-transfer-row" data-transfer-id={r.id} data-status={r.status}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                    {r.planName}
                  </Text>
                  <TransferStatusBadge status={r.status} />
                </Group>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {t("from")}: {r.fromEmail}
                </Text>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {t("to")}: {r.toEmail}
                </Text>
                <Text size="sm" c="dimmed">
                  {fee(r)}
                </Text>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text size="xs" c="dimmed">
                    {r.status === "AWAITING" ? t("expiresAt", { date: when(r.expiresAt) }) : when(r.resolvedAt ?? r.createdAt)}
                  </Text>
                  {deleteButton(r)}
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="admin-transfers-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("plan")}</Table.Th>
                  <Table.Th>{t("from")}</Table.Th>
                  <Table.Th>{t("to")}</Table.Th>
                  <Table.Th>{t("status")}</Table.Th>
                  <Table.Th>{t("fee")}</Table.Th>
                  <Table.Th>{t("created")}</Table.Th>
                  <Table.Th>{t("resolved")}</Table.Th>
                  <Table.Th ta="right">{t("actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id} data-testid="admin-transfer-row" data-transfer-id={r.id} data-status={r.status}>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {r.planName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                        {r.fromEmail}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                        {r.toEmail}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TransferStatusBadge status={r.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{fee(r)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                        {when(r.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                        {r.status === "AWAITING" ? t("expiresAt", { date: when(r.expiresAt) }) : when(r.resolvedAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{deleteButton(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <TransferConfirm
        opened={deleting !== null}
        title={t("deleteTitle")}
        confirmLabel={t("deleteConfirm")}
        cancelLabel={t("back")}
        color="red"
        busy={busy}
        error={error}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
        testId="admin-transfer-delete-modal"
      >
        {deleting?.status === "AWAITING" ? t("deleteAwaiting", { email: deleting.fromEmail }) : t("deleteFinished")}
      </TransferConfirm>
    </>
  );
}
