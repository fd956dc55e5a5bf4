"use client";
// The caller's incoming or outgoing transfers as cards (one layout for phones and desktops). An
// awaiting incoming one shows what the receiver would get (plan, time and traffic left, their fee)
// with accept and reject; an awaiting outgoing one can be cancelled. Each step is confirmed first.
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconInbox, IconSend } from "@tabler/icons-react";
import { useFormatter, useTranslations, useLocale } from "next-intl";
import { useState } from "react";
import { acceptSubscriptionTransfer, cancelSubscriptionTransfer, rejectSubscriptionTransfer } from "@/app/(user)/transfers/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { EmptyState } from "@/components/shell/empty-state";
import { formatMoney } from "@/components/store/money";
import { formatBytes } from "@/components/subscriptions/bytes";
import type { FeeBearer, TransferStatus } from "@/server/db/schema/wallet";
import { TransferConfirm } from "./transfer-confirm";
import { TransferStatusBadge } from "./transfer-status";

export interface TransferRowView {
  id: string;
  planName: string;
  otherEmail: string;
  status: TransferStatus;
  feeMinor: number;
  feeBearer: FeeBearer;
  feeCharged: boolean;
  feeRefunded: boolean;
  /** While awaiting: what the receiver would get (worked out on the server, so both renders agree). */
  offer: { remainingDays: number; trafficLimitBytes: number; trafficUsedBytes: number } | null;
  expiresAt: string;
  createdAt: string;
}

type Step = "accept" | "reject" | "cancel";

function feeLine(t: ReturnType<typeof useTranslations<"transfers.list">>, row: TransferRowView, incoming: boolean, currency: string, locale: string): string {
  const fee = formatMoney(row.feeMinor, currency, locale);
  if (row.feeMinor === 0) return t("noFee");
  if (incoming) {
    if (row.feeBearer === "SENDER") return t("feeSenderPays");
    return row.feeCharged ? t("feeYouPaid", { fee }) : row.status === "AWAITING" ? t("feeYouPay", { fee }) : t("noFee");
  }
  if (row.feeBearer === "RECEIVER") return t("feeReceiverPays", { fee });
  if (row.feeRefunded) return t("feeRefunded", { fee });
  return row.feeCharged ? t("feeYouPaid", { fee }) : t("noFee");
}

export function TransferList({ direction, rows, currency }: { direction: "incoming" | "outgoing"; rows: TransferRowView[]; currency: string }) {
  const locale = useLocale();
  const t = useTranslations("transfers");
  const tl = useTranslations("transfers.list");
  const format = useFormatter();
  const { messageOf } = useErrorText();
  const [step, setStep] = useState<{ kind: Step; row: TransferRowView } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const incoming = direction === "incoming";
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  const run = async () => {
    if (!step) return;
    setBusy(true);
    const call = step.kind === "accept" ? acceptSubscriptionTransfer : step.kind === "reject" ? rejectSubscriptionTransfer : cancelSubscriptionTransfer;
    const r = await call(step.row.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t(`${step.kind}.done`, { plan: step.row.planName }));
    setStep(null);
  };
  const ask = (kind: Step, row: TransferRowView) => {
    setError(null);
    setStep({ kind, row });
  };

  if (rows.length === 0) {
    return incoming ? (
      <EmptyState icon={<IconInbox size={26} />} title={tl("emptyIncoming")} hint={tl("emptyIncomingHint")} testId="transfers-incoming-empty" />
    ) : (
      <EmptyState icon={<IconSend size={26} />} title={tl("emptyOutgoing")} hint={tl("emptyOutgoingHint")} testId="transfers-outgoing-empty" />
    );
  }

  const row = step?.row;
  return (
    <>
      <Stack gap="sm" data-testid={`transfers-${direction}`}>
        {rows.map((r) => (
          <Card key={r.id} withBorder padding="md" data-testid="transfer-row" data-transfer-id={r.id} data-status={r.status}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {r.planName}
                </Text>
                <TransferStatusBadge status={r.status} />
              </Group>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {incoming ? tl("from") : tl("to")}: {r.otherEmail}
              </Text>
              {r.offer ? (
                <Group gap="md" wrap="wrap" data-testid="transfer-offer">
                  <Text size="sm">{r.offer.remainingDays === 0 ? tl("remainingUnderDay") : tl("remaining", { days: r.offer.remainingDays })}</Text>
                  <Text size="sm">
                    {r.offer.trafficLimitBytes === 0
                      ? tl("unlimited")
                      : tl("traffic", { left: formatBytes(r.offer.trafficLimitBytes - r.offer.trafficUsedBytes), total: formatBytes(r.offer.trafficLimitBytes) })}
                  </Text>
                </Group>
              ) : null}
              <Text size="sm" c="dimmed" data-testid="transfer-fee">
                {feeLine(tl, r, incoming, currency, locale)}
              </Text>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="xs" c="dimmed">
                  {r.status === "AWAITING" ? tl("answerBy", { date: when(r.expiresAt) }) : when(r.createdAt)}
                </Text>
                {r.status === "AWAITING" ? (
                  <Group gap={6} wrap="nowrap">
                    {incoming ? (
                      <>
                        <Button size="compact-sm" color="teal" onClick={() => ask("accept", r)} data-testid="transfer-accept">
                          {t("accept.button")}
                        </Button>
                        <Button size="compact-sm" variant="default" onClick={() => ask("reject", r)} data-testid="transfer-reject">
                          {t("reject.button")}
                        </Button>
                      </>
                    ) : (
                      <Button size="compact-sm" variant="default" color="red" onClick={() => ask("cancel", r)} data-testid="transfer-cancel">
                        {t("cancel.button")}
                      </Button>
                    )}
                  </Group>
                ) : null}
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
      <TransferConfirm
        opened={step !== null}
        title={step ? t(`${step.kind}.title`, { plan: step.row.planName }) : ""}
        confirmLabel={step ? t(`${step.kind}.confirm`) : ""}
        cancelLabel={t("back")}
        color={step?.kind === "accept" ? "teal" : "red"}
        busy={busy}
        error={error}
        onConfirm={run}
        onClose={() => setStep(null)}
        testId={`transfer-${step?.kind ?? "step"}-modal`}
      >
        {step && row ? (
          <Stack gap={6}>
            <span>{step.kind === "reject" ? t("reject.body", { email: row.otherEmail }) : t(`${step.kind}.body`)}</span>
            {step.kind === "accept" && row.feeBearer === "RECEIVER" && row.feeMinor > 0 ? <span>{t("accept.bodyFee", { fee: formatMoney(row.feeMinor, currency, locale) })}</span> : null}
          </Stack>
        ) : null}
      </TransferConfirm>
    </>
  );
}
