"use client";
// The admin's recharge orders: a table on wide screens, cards on phones (one layout in the DOM).
// Each row's actions (confirm payment, cancel, delete) are asked once more in a dialog that says
// what happens to the balance, and report the server's refusal in the page's language.
import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Table, Text } from "@mantine/core";
import { IconCheck, IconDots, IconTrash, IconX } from "@tabler/icons-react";
import { useFormatter, useTranslations, useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { cancelAdminWalletRecharge, confirmAdminWalletRecharge, deleteAdminWalletRecharge } from "@/app/admin/wallet/recharges/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { stickyEndCell } from "@/components/shell/sticky-end-cell";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { formatMoney } from "@/components/store/money";
import type { RechargeStatus } from "@/server/db/schema/wallet";

export interface AdminRechargeRowView {
  id: string;
  rechargeNo: string;
  email: string;
  amountMinor: number;
  currency: string;
  status: RechargeStatus;
  cancelReason: string | null;
  creditedVia: string | null;
  provider: string | null;
  tradeNo: string | null;
  createdAt: string;
}

type Step = "confirm" | "cancel" | "delete";
const COLORS: Record<string, string> = { PENDING: "yellow", CREDITED: "teal", CANCELLED: "gray", EXPIRED: "gray" };
const shown = (r: AdminRechargeRowView) => (r.status === "CANCELLED" && r.cancelReason === "expired" ? "EXPIRED" : r.status);

function StatusBadge({ row }: { row: AdminRechargeRowView }) {
  const t = useTranslations("adminWallet.recharges");
  const s = shown(row);
  return (
    <Badge color={COLORS[s]} variant="light" style={{ flexShrink: 0 }} data-testid="recharge-status" data-status={s}>
      {t(`statuses.${s}`)}
    </Badge>
  );
}

function RowActions({ row, onStep }: { row: AdminRechargeRowView; onStep: (s: Step) => void }) {
  const t = useTranslations("adminWallet.recharges");
  const pending = row.status === "PENDING";
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {pending ? (
        <Button size="compact-xs" color="teal" variant="light" leftSection={<IconCheck size={14} />} onClick={() => onStep("confirm")} data-testid="recharge-confirm">
          {t("confirm")}
        </Button>
      ) : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t("more", { rechargeNo: row.rechargeNo })} data-testid="recharge-menu">
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {pending ? (
            <Menu.Item leftSection={<IconX size={14} />} onClick={() => onStep("cancel")} data-testid="recharge-cancel">
              {t("cancel")}
            </Menu.Item>
          ) : null}
          <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => onStep("delete")} data-testid="recharge-delete">
            {t("delete")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

export function RechargesTable({ rows }: { rows: AdminRechargeRowView[] }) {
  const locale = useLocale();
  const t = useTranslations("adminWallet.recharges");
  const tp = useTranslations("store.provider");
  const format = useFormatter();
  const phone = usePhoneLayout();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [asking, setAsking] = useState<{ step: Step; row: AdminRechargeRowView } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const method = (r: AdminRechargeRowView) => {
    const name = r.provider === "epay" || r.provider === "alipay_f2f" || r.provider === "usdt_trc20" ? tp(r.provider) : null;
    const via = r.creditedVia === "ADMIN" || r.creditedVia === "GATEWAY" ? t(`creditedVia.${r.creditedVia}`) : null;
    return [name, via].filter(Boolean).join(" · ") || t("none");
  };
  const open = (step: Step, row: AdminRechargeRowView) => {
    setError(null);
    setAsking({ step, row });
  };

  const run = async () => {
    if (!asking) return;
    const { step, row } = asking;
    setBusy(true);
    setError(null);
    const action = step === "confirm" ? confirmAdminWalletRecharge : step === "cancel" ? cancelAdminWalletRecharge : deleteAdminWalletRecharge;
    const r = await action(row.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t(`${step}Done`, { rechargeNo: row.rechargeNo }));
    setAsking(null);
    router.refresh();
  };

  const dialog = asking ? (
    <ConfirmModal
      opened
      title={t(`${asking.step}Title`, { rechargeNo: asking.row.rechargeNo })}
      confirmLabel={t(`${asking.step}Submit`)}
      cancelLabel={t("keep")}
      busy={busy}
      error={error}
      onConfirm={run}
      onClose={() => setAsking(null)}
      testId={`recharge-${asking.step}-dialog`}
    >
      {asking.step === "confirm"
        ? t("confirmText", { amount: formatMoney(asking.row.amountMinor, asking.row.currency, locale), email: asking.row.email })
        : asking.step === "cancel"
          ? t("cancelText", { email: asking.row.email })
          : t("deleteText")}
    </ConfirmModal>
  ) : null;

  if (rows.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Text c="dimmed" ta="center" data-testid="recharges-empty">
          {t("empty")}
        </Text>
      </Card>
    );
  }

  if (phone) {
    return (
      <Stack gap="xs" data-testid="admin-recharges-cards">
        {rows.map((r) => (
          <Card key={r.id} withBorder padding="sm" data-testid="recharge-row" data-recharge-no={r.rechargeNo}>
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: "anywhere" }}>
                  {r.rechargeNo}
                </Text>
                <Text size="sm" fw={700} style={{ flexShrink: 0 }}>
                  {formatMoney(r.amountMinor, r.currency, locale)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {r.email}
              </Text>
              <Group gap={6}>
                <StatusBadge row={r} />
              </Group>
              <Text size="xs" c="dimmed">
                {t("labeled", { label: t("method"), value: method(r) })}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {t("labeled", { label: t("tradeNo"), value: r.tradeNo ?? t("none") })}
              </Text>
              <Text size="xs" c="dimmed">
                {t("labeled", { label: t("createdAt"), value: when(r.createdAt) })}
              </Text>
              <RowActions row={r} onStep={(s) => open(s, r)} />
            </Stack>
          </Card>
        ))}
        {dialog}
      </Stack>
    );
  }

  return (
    <>
      <Card withBorder padding={0} data-testid="admin-recharges-table">
        <Table.ScrollContainer minWidth={960} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: "nowrap" }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("rechargeNo")}</Table.Th>
                <Table.Th>{t("user")}</Table.Th>
                <Table.Th ta="right">{t("amount")}</Table.Th>
                <Table.Th>{t("status")}</Table.Th>
                <Table.Th>{t("method")}</Table.Th>
                <Table.Th>{t("tradeNo")}</Table.Th>
                <Table.Th>{t("createdAt")}</Table.Th>
                <Table.Th ta="right" style={stickyEndCell()}>
                  {t("actions")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, idx) => (
                <Table.Tr key={r.id} data-testid="recharge-row" data-recharge-no={r.rechargeNo}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {r.rechargeNo}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.email}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={500}>
                      {formatMoney(r.amountMinor, r.currency, locale)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge row={r} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{method(r)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {r.tradeNo ?? t("none")}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{when(r.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td style={stickyEndCell(idx % 2 === 0)}>
                    <RowActions row={r} onStep={(s) => open(s, r)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {dialog}
    </>
  );
}
