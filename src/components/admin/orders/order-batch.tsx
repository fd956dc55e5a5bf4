"use client";
// The orders' batch: the bar while rows are chosen, the confirmation for confirm and cancel (the
// two that move money or end an order), and the outcome per order above the list.
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconCash, IconFlag, IconFlagCheck, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { batchOrderOperation } from "@/app/admin/orders/actions";
import { FormError } from "../../forms/form-error";
import { BatchBar, BatchResults, refusal, useBatch, type Selection } from "../list-kit";
import type { OrderRow } from "./order-codes";

type BatchAction = "confirm" | "cancel" | "flag" | "resolve";

export function OrderBatch({ rows, selection }: { rows: OrderRow[]; selection: Selection }) {
  const t = useTranslations("adminOrders");
  const names = new Map(rows.map((r) => [r.id, r.orderNo]));
  const { asking, ask, busy, error, results, dismiss, run, okCount } = useBatch<BatchAction, { id: string; ok: boolean; reason?: string }[]>({
    selection,
    field: "action",
    send: batchOrderOperation,
    outcomes: (data, messageOf) =>
      data.map((x) => {
        const orderNo = names.get(x.id) ?? x.id;
        return { id: x.id, label: orderNo, ok: x.ok, message: x.reason ? messageOf(refusal(x.reason)) : null, attrs: { "data-order-no": orderNo } };
      }),
  });
  const count = selection.chosen.length;

  const labels = { summary: t("batchSummary", { ok: okCount, total: results?.length ?? 0 }), dismiss: t("batchDismiss"), ok: t("batchOk"), failed: t("batchFailed") };
  return (
    <>
      {results ? <BatchResults results={results} onClose={dismiss} labels={labels} testId="order-batch" /> : null}
      <BatchBar selection={selection} countLabel={t("selected", { count })} clearLabel={t("clearSelection")} testId="order-batch-bar" error={asking ? null : error} busy={busy}>
        <Button size="compact-sm" color="teal" leftSection={<IconCash size={14} />} onClick={() => ask("confirm")} disabled={busy} data-testid="batch-confirm">
          {t("batchConfirm")}
        </Button>
        <Button size="compact-sm" color="red" variant="light" leftSection={<IconX size={14} />} onClick={() => ask("cancel")} disabled={busy} data-testid="batch-cancel">
          {t("batchCancel")}
        </Button>
        <Button size="compact-sm" variant="light" leftSection={<IconFlag size={14} />} onClick={() => run("flag")} loading={busy && !asking} data-testid="batch-flag">
          {t("batchFlag")}
        </Button>
        <Button size="compact-sm" variant="light" leftSection={<IconFlagCheck size={14} />} onClick={() => run("resolve")} loading={busy && !asking} data-testid="batch-resolve">
          {t("batchResolve")}
        </Button>
      </BatchBar>
      <Modal
        opened={!!asking}
        onClose={busy ? () => undefined : () => ask(null)}
        title={asking === "confirm" ? t("batchConfirmTitle", { count }) : t("batchCancelTitle", { count })}
        centered
      >
        <Stack gap="sm" data-testid="order-batch-dialog">
          <Text size="sm">{asking === "confirm" ? t("batchConfirmText") : t("batchCancelText")}</Text>
          <FormError>{error}</FormError>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => ask(null)} disabled={busy}>
              {t("keep")}
            </Button>
            <Button color={asking === "cancel" ? "red" : "teal"} loading={busy} onClick={() => asking && run(asking)} data-testid="order-batch-submit" data-autofocus>
              {asking === "cancel" ? t("cancelConfirm") : t("confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
