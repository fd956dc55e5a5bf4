"use client";
// The buyer's gifts (issue 28 item 3), on the orders page and an order's page: the plan, to whom, its
// state in the buyer's words (waiting until a date, claimed by whom (masked) and when, expired with
// what came back, cancelled by a refund), the order, and "send the mail again" while it waits.
import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconGift } from "@tabler/icons-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { resendGiftMailAction } from "@/app/gift/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { AnchorLink } from "@/components/links";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { formatMoney } from "@/components/store/money";
import type { GiftStatus } from "@/server/db/schema/gifts";
import type { GiftRowData } from "./gift-row-data";

export type { GiftRowData };

const COLOR: Record<GiftStatus, string> = { UNCLAIMED: "blue", CLAIMED: "teal", EXPIRED: "gray", CANCELLED: "gray" };

export function GiftStatusBadge({ status }: { status: GiftStatus }) {
  const t = useTranslations("gifts.status");
  return (
    <Badge variant="light" color={COLOR[status]} tt="none" style={{ flexShrink: 0 }} data-testid="gift-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}

function Outcome({ gift }: { gift: GiftRowData }) {
  const t = useTranslations("gifts.list");
  const format = useFormatter();
  const locale = useLocale();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const amount = formatMoney(gift.refundMinor ?? 0, gift.currency, locale);
  const text =
    gift.status === "UNCLAIMED"
      ? t("claimBy", { date: when(gift.expiresAt) })
      : gift.status === "CLAIMED"
        ? t("claimedBy", { who: gift.claimedBy ?? "—", date: gift.claimedAt ? when(gift.claimedAt) : "" })
        : gift.status === "CANCELLED"
          ? t("cancelled")
          : gift.refundKind === "BALANCE"
            ? t("refundedBalance", { amount })
            : gift.refundKind === "COUPON"
              ? t("refundedCoupon", { amount, code: gift.refundCouponCode ?? "" })
              : t("expiredFree");
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }} data-testid="gift-outcome">
      {text}
    </Text>
  );
}

function GiftRow({ gift, showOrder, onResend }: { gift: GiftRowData; showOrder: boolean; onResend: () => void }) {
  const t = useTranslations("gifts.list");
  return (
    <Card withBorder padding="sm" data-testid="gift-row" data-gift-to={gift.recipientEmail}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
              {gift.planName}
            </Text>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {t("to", { email: gift.recipientEmail })}
            </Text>
          </Stack>
          <GiftStatusBadge status={gift.status} />
        </Group>
        <Outcome gift={gift} />
        <Group justify="space-between" gap="xs" wrap="wrap">
          {showOrder ? (
            <AnchorLink href={`/orders/${gift.orderId}`} size="sm">
              {t("order", { orderNo: gift.orderNo })}
            </AnchorLink>
          ) : (
            <span />
          )}
          {gift.canResend ? (
            <Button variant="subtle" size="compact-sm" onClick={onResend} data-testid="gift-resend">
              {t("resend")}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** `showOrder`: on the orders page each gift names its order; on an order's own page it does not. */
export function GiftsSent({ gifts, showOrder = true, title }: { gifts: GiftRowData[]; showOrder?: boolean; title?: boolean }) {
  const t = useTranslations("gifts.list");
  const { messageOf } = useErrorText();
  const [resending, setResending] = useState<GiftRowData | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (gifts.length === 0) return null;
  const resend = async () => {
    if (!resending) return;
    setBusy(true);
    const r = await resendGiftMailAction(resending.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("resent", { email: resending.recipientEmail }));
    setResending(null);
  };
  return (
    <Stack gap="xs" data-testid="gifts-sent">
      {title !== false ? (
        <Group gap={6}>
          <IconGift size={18} />
          <Text fw={600}>{t("title")}</Text>
        </Group>
      ) : null}
      {gifts.map((g) => (
        <GiftRow
          key={g.id}
          gift={g}
          showOrder={showOrder}
          onResend={() => {
            setError(null);
            setResending(g);
          }}
        />
      ))}
      <ConfirmModal
        opened={resending !== null}
        title={t("resendTitle")}
        confirmLabel={t("resendConfirm")}
        cancelLabel={t("keep")}
        busy={busy}
        error={error}
        onConfirm={resend}
        onClose={() => setResending(null)}
        testId="gift-resend-modal"
      >
        {t("resendBody", { email: resending?.recipientEmail ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}
