"use client";
// The buyer's orders: a table on wide screens, stacked cards on phones (one layout in the DOM).
// Pay and cancel for unpaid orders (cancel asks first), details for every order.
import { Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import { useFormatter, useTranslations, useLocale } from "next-intl";
import { useState } from "react";
import { cancelOrderAction } from "@/app/(user)/orders/actions";
import { ButtonLink } from "@/components/links";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import type { OrderKind, OrderStatus } from "@/server/db/schema/commerce";
import type { GiftStatus } from "@/server/db/schema/gifts";
import { formatMoney } from "./money";
import { OrderStatusBadge } from "./status";
import { EmptyState } from "@/components/shell/empty-state";

export interface OrderRow {
  id: string;
  orderNo: string;
  createdAt: string;
  expiresAt: string;
  status: OrderStatus;
  /** New purchase, renewal or top-up (issue 24 item 9). */
  kind: OrderKind;
  totalMinor: number;
  currency: string;
  items: string[];
  /** Issue 28: the order is a gift; its state in the buyer's words. */
  giftStatus?: GiftStatus | null;
}

function KindText({ kind }: { kind: OrderKind }) {
  const tk = useTranslations("store.kind");
  return (
    <Text span inherit style={{ whiteSpace: "nowrap" }} data-testid="order-kind" data-kind={kind}>
      {tk(kind)}
    </Text>
  );
}

function Actions({ order, onCancel }: { order: OrderRow; onCancel: () => void }) {
  const t = useTranslations("store.orders");
  const payable = order.status === "PENDING";
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {payable ? (
        <ButtonLink href={`/orders/${order.id}/pay`} size="compact-sm" data-testid="order-pay">
          {t("pay")}
        </ButtonLink>
      ) : null}
      {payable ? (
        <Button variant="default" size="compact-sm" color="red" onClick={onCancel} data-testid="order-cancel">
          {t("cancel")}
        </Button>
      ) : null}
      <ButtonLink href={`/orders/${order.id}`} variant="subtle" size="compact-sm" data-testid="order-details">
        {t("details")}
      </ButtonLink>
    </Group>
  );
}

/** A gift order's line under its items (issue 28). */
function GiftLine({ status }: { status: GiftStatus | null | undefined }) {
  const t = useTranslations("gifts");
  if (!status) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="order-gift" data-status={status}>
      {t("orders.giftLine", { status: t(`status.${status}`) })}
    </Text>
  );
}

export function OrdersList({ rows }: { rows: OrderRow[] }) {
  const locale = useLocale();
  const t = useTranslations("store.orders");
  const tp = useTranslations("payPage");
  const format = useFormatter();
  const { messageOf } = useErrorText();
  const phone = usePhoneLayout();
  const [cancelling, setCancelling] = useState<OrderRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const items = (o: OrderRow) => (o.items.length <= 1 ? (o.items[0] ?? "") : t("moreItems", { first: o.items[0]!, count: o.items.length - 1 }));
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    const r = await cancelOrderAction(cancelling.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("cancelled", { orderNo: cancelling.orderNo }));
    setCancelling(null);
  };
  const askCancel = (o: OrderRow) => {
    setError(null);
    setCancelling(o);
  };

  if (rows.length === 0) {
    return (
      <EmptyState icon={<IconReceipt size={26} />} title={t("empty")} hint={t("emptyHint")} testId="orders-empty" />
    );
  }

  return (
    <>
      {phone ? (
        <Stack gap="sm" data-testid="orders-cards">
          {rows.map((o) => (
            <Card key={o.id} withBorder padding="md" data-testid="order-row" data-order-no={o.orderNo}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                    {o.orderNo}
                  </Text>
                  <OrderStatusBadge status={o.status} />
                </Group>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  <KindText kind={o.kind} />
                  {" · "}
                  {items(o)}
                </Text>
                <GiftLine status={o.giftStatus} />
                <Group justify="space-between" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {date(o.createdAt)}
                  </Text>
                  <Text fw={700}>{formatMoney(o.totalMinor, o.currency, locale)}</Text>
                </Group>
                <Actions order={o} onCancel={() => askCancel(o)} />
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={800}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="orders-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("orderNo")}</Table.Th>
                  <Table.Th>{t("date")}</Table.Th>
                  <Table.Th>{t("items")}</Table.Th>
                  <Table.Th>{tp("kindLabel")}</Table.Th>
                  <Table.Th ta="right">{t("total")}</Table.Th>
                  <Table.Th>{t("status")}</Table.Th>
                  <Table.Th ta="right">{t("actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((o) => (
                  <Table.Tr key={o.id} data-testid="order-row" data-order-no={o.orderNo}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {o.orderNo}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                        {date(o.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {items(o)}
                      </Text>
                      <GiftLine status={o.giftStatus} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <KindText kind={o.kind} />
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                        {formatMoney(o.totalMinor, o.currency, locale)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={o.status} />
                    </Table.Td>
                    <Table.Td>
                      <Actions order={o} onCancel={() => askCancel(o)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <ConfirmModal
        opened={cancelling !== null}
        title={t("cancelTitle", { orderNo: cancelling?.orderNo ?? "" })}
        confirmLabel={t("cancelConfirm")}
        cancelLabel={t("keep")}
        busy={busy}
        error={error}
        onConfirm={cancel}
        onClose={() => setCancelling(null)}
        testId="order-cancel-modal"
      >
        {t("cancelBody")}
      </ConfirmModal>
    </>
  );
}
