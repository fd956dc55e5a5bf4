"use client";
// The admin's recharge orders: a table on wide screens, cards on phones (one layout in the DOM).
// Each row's actions (confirm payment, cancel, delete) are asked once more in a dialog that says
// what happens to the balance, and report the server's refusal in the page's language.
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text } from "@mantine/core";
import { IconCheck, IconDots, IconTrash, IconX } from "@tabler/icons-react";
import { useFormatter, useTranslations, useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { cancelAdminWalletRecharge, confirmAdminWalletRecharge, deleteAdminWalletRecharge } from "@/app/admin/wallet/recharges/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { useCan } from "../staff-permissions";
import { formatMoney } from "@/components/store/money";
import type { RechargeStatus } from "@/server/db/schema/wallet";
import { CardFact, CardHead, ListView, Truncated, type Column } from "../list-kit";

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
  // Every action here is a wallet write: a read-only role sees the row alone.
  const mayWrite = useCan()("wallet.write");
  if (!mayWrite) return null;
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

  const actions = (r: AdminRechargeRowView) => <RowActions row={r} onStep={(s) => open(s, r)} />;
  const columns: Column<AdminRechargeRowView>[] = [
    { key: "rechargeNo", header: t("rechargeNo"), cell: (r) => <Text size="sm" ff="monospace">{r.rechargeNo}</Text> },
    { key: "user", header: t("user"), cell: (r) => <Truncated text={r.email} /> },
    { key: "amount", header: t("amount"), align: "right", cell: (r) => <Text size="sm" fw={500}>{formatMoney(r.amountMinor, r.currency, locale)}</Text> },
    { key: "status", header: t("status"), cell: (r) => <StatusBadge row={r} /> },
    { key: "method", header: t("method"), cell: (r) => <Text size="sm">{method(r)}</Text> },
    { key: "tradeNo", header: t("tradeNo"), cell: (r) => <Truncated text={r.tradeNo ?? t("none")} size="xs" ff="monospace" maw={200} /> },
    { key: "createdAt", header: t("createdAt"), cell: (r) => <Text size="xs">{when(r.createdAt)}</Text> },
    { key: "actions", header: t("actions"), align: "right", sticky: true, cell: actions },
  ];
  const card = (r: AdminRechargeRowView) => (
    <Stack gap={4}>
      <CardHead title={r.rechargeNo} aside={<Text size="sm" fw={700} style={{ flexShrink: 0 }}>{formatMoney(r.amountMinor, r.currency, locale)}</Text>} mono />
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {r.email}
      </Text>
      <Group gap={6}>
        <StatusBadge row={r} />
      </Group>
      <CardFact label={t("method")} value={method(r)} />
      <CardFact label={t("tradeNo")} value={r.tradeNo ?? t("none")} />
      <CardFact label={t("createdAt")} value={when(r.createdAt)} />
      {actions(r)}
    </Stack>
  );

  return (
    <>
      <ListView
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        card={card}
        rowAttrs={(r) => ({ "data-testid": "recharge-row", "data-recharge-no": r.rechargeNo })}
        empty={t("empty")}
        testId="admin-recharges"
        minWidth={960}
      />
      {dialog}
    </>
  );
}
