"use client";
// The admin's payouts: a table on wide screens, cards on phones (one layout in the DOM). A waiting
// payout can be marked paid or rejected; every row opens its detail (the payout details decrypted).
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconEye, IconX } from "@tabler/icons-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { LabelBadge } from "@/components/labels/label-badge";
import { useLabels } from "@/components/labels/use-labels";
import { formatMoney } from "@/components/store/money";
import type { PayoutMethod, PayoutStatus } from "@/server/db/schema/referral";
import { CardActions, CardFact, CardHead, ListView, Truncated, type Column } from "../list-kit";
import { DecisionDialog, DetailDialog, type Decision } from "./payout-dialogs";
import { useCan } from "../staff-permissions";

export interface AdminPayoutRowView {
  id: string;
  email: string;
  amountMinor: number;
  currency: string;
  method: PayoutMethod;
  status: PayoutStatus;
  reference: string | null;
  rejectReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

const COLORS: Record<PayoutStatus, string> = { PENDING: "yellow", PAID: "teal", REJECTED: "red" };

export function PayoutsTable({ rows }: { rows: AdminPayoutRowView[] }) {
  const t = useTranslations("referral.admin");
  const locale = useLocale();
  const label = useLabels();
  const format = useFormatter();
  const router = useRouter();
  const [deciding, setDeciding] = useState<{ step: Decision; row: AdminPayoutRowView } | null>(null);
  const [viewing, setViewing] = useState<AdminPayoutRowView | null>(null);
  // Marking paid or rejecting is referral.write; a read-only role opens the details only.
  const mayDecide = useCan()("referral.write");
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : t("none"));
  const money = (r: AdminPayoutRowView) => formatMoney(r.amountMinor, r.currency, locale);
  const outcome = (r: AdminPayoutRowView) => r.reference ?? r.rejectReason ?? t("none");

  const status = (r: AdminPayoutRowView) => <LabelBadge family="referralPayoutStatus" code={r.status} color={COLORS[r.status]} testId="payout-status" />;
  const actions = (r: AdminPayoutRowView) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {r.status === "PENDING" && mayDecide ? (
        <>
          <Button size="compact-xs" color="teal" variant="light" leftSection={<IconCheck size={14} />} onClick={() => setDeciding({ step: "approve", row: r })} data-testid="payout-approve">
            {t("approve")}
          </Button>
          <Button size="compact-xs" color="red" variant="subtle" leftSection={<IconX size={14} />} onClick={() => setDeciding({ step: "reject", row: r })} data-testid="payout-reject">
            {t("reject")}
          </Button>
        </>
      ) : null}
      <Button size="compact-xs" variant="subtle" leftSection={<IconEye size={14} />} onClick={() => setViewing(r)} aria-label={t("detailsOf", { email: r.email })} data-testid="payout-details">
        {t("details")}
      </Button>
    </Group>
  );
  const columns: Column<AdminPayoutRowView>[] = [
    { key: "user", header: t("user"), cell: (r) => <Truncated text={r.email} /> },
    { key: "amount", header: t("amount"), align: "right", cell: (r) => <Text size="sm" fw={600}>{money(r)}</Text> },
    { key: "method", header: t("method"), cell: (r) => <Text size="sm">{label("referralPayoutMethod", r.method)}</Text> },
    { key: "status", header: t("status"), cell: status },
    { key: "created", header: t("created"), cell: (r) => <Text size="xs">{when(r.createdAt)}</Text> },
    { key: "outcome", header: t("outcome"), cell: (r) => <Truncated text={outcome(r)} size="xs" maw={220} /> },
    { key: "actions", header: t("actions"), align: "right", sticky: true, cell: actions },
  ];
  const card = (r: AdminPayoutRowView) => (
    <Stack gap={4}>
      <CardHead title={r.email} aside={<Text size="sm" fw={700} style={{ flexShrink: 0 }}>{money(r)}</Text>} />
      <Group gap={6}>{status(r)}</Group>
      <CardFact label={t("method")} value={label("referralPayoutMethod", r.method)} />
      <CardFact label={t("created")} value={when(r.createdAt)} />
      {r.reference || r.rejectReason ? <CardFact label={t("outcome")} value={outcome(r)} /> : null}
      <CardActions>{actions(r)}</CardActions>
    </Stack>
  );

  return (
    <>
      <ListView rows={rows} rowKey={(r) => r.id} columns={columns} card={card} rowAttrs={(r) => ({ "data-testid": "payout-row", "data-status": r.status })} empty={t("empty")} testId="admin-payouts" minWidth={900} />
      {deciding ? (
        <DecisionDialog
          key={`${deciding.step}-${deciding.row.id}`}
          step={deciding.step}
          row={deciding.row}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            router.refresh();
          }}
        />
      ) : null}
      {viewing ? <DetailDialog key={viewing.id} row={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}
