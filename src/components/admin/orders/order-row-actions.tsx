"use client";
import { ActionIcon, Button, Group, Menu } from "@mantine/core";
import { IconCheck, IconDots, IconFlag, IconReceiptRefund, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { canCancel, canConfirm, canRefund, type OrderRow } from "./order-codes";
import type { OrderDialog } from "./order-dialogs";
import { useCan } from "../staff-permissions";

/** The row's actions: the one that matters most as a button, the rest in a menu. */
export function OrderRowActions({ order, onOpen, onDetail }: { order: OrderRow; onOpen: (d: NonNullable<OrderDialog>) => void; onDetail: () => void }) {
  const t = useTranslations("adminOrders");
  const can = useCan();
  // Only the writes the role may do; no menu at all for a read-only role.
  const write = can("orders.write");
  const refund = can("orders.refund") && canRefund(order);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {/* Named for its row: every row has one (the visible word stays in the name, WCAG 2.5.3). */}
      <Button variant="default" size="compact-xs" onClick={onDetail} aria-label={t("detailsFor", { orderNo: order.orderNo })} data-testid="order-details">
        {t("details")}
      </Button>
      {write || refund ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t("more", { orderNo: order.orderNo })} data-testid="order-menu">
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {write && canConfirm(order) ? (
              <Menu.Item leftSection={<IconCheck size={14} />} color="teal" onClick={() => onOpen({ kind: "confirm", order })} data-testid="order-confirm">
                {t("confirm")}
              </Menu.Item>
            ) : null}
            {write && canCancel(order) ? (
              <Menu.Item leftSection={<IconX size={14} />} color="red" onClick={() => onOpen({ kind: "cancel", order })} data-testid="order-cancel">
                {t("cancel")}
              </Menu.Item>
            ) : null}
            {write ? (
              <Menu.Item leftSection={<IconFlag size={14} />} onClick={() => onOpen({ kind: "review", order })} data-testid="order-review">
                {t("reviewAction")}
              </Menu.Item>
            ) : null}
            {refund ? (
              <Menu.Item leftSection={<IconReceiptRefund size={14} />} color="grape" onClick={() => onOpen({ kind: "refund", order })} data-testid="order-refund">
                {t("refund")}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}
