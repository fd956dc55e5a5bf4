"use client";
// One order in full, in a drawer over the list (the body: order-detail-body.tsx). Loaded when the
// drawer opens (a Server Action read) and again after one of its actions, which open the row menu's
// own dialogs (order-dialogs.tsx): the list only says which order to show.
import { Drawer, Group, Loader, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { orderDetail } from "@/app/admin/orders/actions";
import { FormError } from "../../forms/form-error";
import { networkError, useErrorText } from "../../forms/server-error";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { DetailBody } from "./order-detail-body";
import { rowOfDetail, type OrderDetail } from "./order-detail-types";
import { OrderDialogs, type OrderDialog } from "./order-dialogs";

/** Opens for `order`; null closes it. */
export function OrderDetailDrawer({ order, onClose }: { order: { id: string; orderNo: string } | null; onClose: () => void }) {
  const t = useTranslations("adminOrders");
  const phone = usePhoneLayout();
  const { messageOf } = useErrorText();
  const [state, setState] = useState<{ id: string; detail?: OrderDetail; error?: string } | null>(null);
  const [dialog, setDialog] = useState<OrderDialog>(null);
  // Bumped when an action's dialog closes: the order is read again (its state, notes, refund).
  const [version, setVersion] = useState(0);
  const id = order?.id ?? null;
  useEffect(() => {
    if (!id) return;
    let live = true;
    orderDetail(id)
      .catch(() => ({ ok: false as const, error: networkError() }))
      .then((r) => {
        if (!live) return;
        setState(r.ok ? { id, detail: r.data } : { id, error: messageOf(r.error) });
      });
    return () => {
      live = false;
    };
  }, [id, version, messageOf]);
  const current = state && state.id === id ? state : null;
  const closeDialog = () => {
    setDialog(null);
    setVersion((v) => v + 1);
  };
  return (
    <>
      <Drawer opened={!!order} onClose={onClose} position="right" size={phone ? "100%" : "lg"} title={order ? t("detailTitle", { orderNo: order.orderNo }) : ""} closeButtonProps={{ "aria-label": t("close") }}>
        {!current ? (
          <Group gap="xs" data-testid="order-detail-loading">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t("detailLoading")}
            </Text>
          </Group>
        ) : current.error ? (
          <FormError>{current.error}</FormError>
        ) : current.detail ? (
          <DetailBody detail={current.detail} row={rowOfDetail(current.detail)} onOpen={setDialog} />
        ) : null}
      </Drawer>
      <OrderDialogs dialog={dialog} onClose={closeDialog} />
    </>
  );
}
