"use client";
// The orders' batch: the bar while rows are chosen, the confirmation for confirm and cancel (the
// two that move money or end an order), and the outcome per order above the list.
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconCash, IconFlag, IconFlagCheck, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { batchOrderOperation } from "@/app/admin/orders/actions";
import { FormError } from "../../forms/form-error";
import { networkError, useErrorText } from "../../forms/server-error";
import { BatchBar, BatchResults, type BatchOutcome, type Selection } from "../list-kit";
import type { OrderRow } from "./order-codes";

type BatchAction = "confirm" | "cancel" | "flag" | "resolve";

export function OrderBatch({ rows, selection }: { rows: OrderRow[]; selection: Selection }) {
  const t = useTranslations("adminOrders");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [asking, setAsking] = useState<"confirm" | "cancel" | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<BatchOutcome[] | null>(null);
  const count = selection.chosen.length;

  const run = async (action: BatchAction) => {
    if (count === 0) return;
    const names = new Map(rows.map((r) => [r.id, r.orderNo]));
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.set("action", action);
    for (const id of selection.chosen) form.append("ids", id);
    const r = await batchOrderOperation(form).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    setAsking(null);
    setResults(
      r.data.map((x) => {
        const orderNo = names.get(x.id) ?? x.id;
        const message = x.reason ? messageOf({ code: "CONFLICT", message: x.reason, details: { reason: x.reason } }) : null;
        return { id: x.id, label: orderNo, ok: x.ok, message, attrs: { "data-order-no": orderNo } };
      }),
    );
    selection.clear();
    router.refresh();
  };

  const labels = { summary: t("batchSummary", { ok: results?.filter((r) => r.ok).length ?? 0, total: results?.length ?? 0 }), dismiss: t("batchDismiss"), ok: t("batchOk"), failed: t("batchFailed") };
  return (
    <>
      {results ? <BatchResults results={results} onClose={() => setResults(null)} labels={labels} testId="order-batch" /> : null}
      <BatchBar selection={selection} countLabel={t("selected", { count })} clearLabel={t("clearSelection")} testId="order-batch-bar" error={asking ? null : error} busy={busy}>
        <Button size="compact-sm" color="teal" leftSection={<IconCash size={14} />} onClick={() => setAsking("confirm")} disabled={busy} data-testid="batch-confirm">
          {t("batchConfirm")}
        </Button>
        <Button size="compact-sm" color="red" variant="light" leftSection={<IconX size={14} />} onClick={() => setAsking("cancel")} disabled={busy} data-testid="batch-cancel">
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
        onClose={busy ? () => undefined : () => { setAsking(null); setError(null); }}
        title={asking === "confirm" ? t("batchConfirmTitle", { count }) : t("batchCancelTitle", { count })}
        centered
      >
        <Stack gap="sm" data-testid="order-batch-dialog">
          <Text size="sm">{asking === "confirm" ? t("batchConfirmText") : t("batchCancelText")}</Text>
          <FormError>{error}</FormError>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)} disabled={busy}>
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
