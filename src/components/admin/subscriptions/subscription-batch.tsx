"use client";
// The subscriptions' batch: the bar while rows are chosen, asked once more naming the count, and
// the outcome per subscription, each refusal in words, above the list.
import { Button } from "@mantine/core";
import { useTranslations } from "next-intl";
import { batchSubscriptionOperation } from "@/app/admin/subscriptions/actions";
import type { BatchResult } from "@/server/services/subscriptions/admin-ops";
import type { UiError } from "../../forms/server-error";
import { BatchBar, BatchResults, refusal, useBatch, type Selection } from "../list-kit";
import { ConfirmOpModal } from "./confirm-op-modal";
import { OP_COLORS, opIcon } from "./op-look";
import { OP_PERMISSION, shortId, SUBSCRIPTION_OPS, type SubscriptionOp, type SubscriptionRow } from "./subscription-codes";
import { useCan } from "../staff-permissions";

/** The batch operations the staff member's role allows (none: no selection column, no bar). */
export function useBatchOps(): SubscriptionOp[] {
  const can = useCan();
  return SUBSCRIPTION_OPS.filter((op) => can(OP_PERMISSION[op]));
}

export function SubscriptionBatch({ rows, selection, ops }: { rows: SubscriptionRow[]; selection: Selection; ops: SubscriptionOp[] }) {
  const t = useTranslations("adminSubscriptions");
  const labels = new Map(rows.map((r) => [r.id, `${shortId(r.id)} · ${r.email}`]));
  const { asking, ask, busy, error, results, dismiss, run, okCount } = useBatch<SubscriptionOp, BatchResult>({
    selection,
    field: "op",
    send: (form) => batchSubscriptionOperation(form) as Promise<{ ok: true; data: BatchResult } | { ok: false; error: UiError }>,
    outcomes: (data, messageOf) => [
      ...data.failed.map((f) => ({ id: f.id, label: labels.get(f.id) ?? f.id, ok: false, message: messageOf(refusal(f.reason, f.details as Record<string, unknown> | undefined)), attrs: { "data-id": f.id } })),
      ...data.done.map((id) => ({ id, label: labels.get(id) ?? id, ok: true, attrs: { "data-id": id } })),
    ],
  });
  const count = selection.chosen.length;

  const summary = t("batchSummary", { ok: okCount, total: results?.length ?? 0 });
  return (
    <>
      {results ? (
        <BatchResults results={results} onClose={dismiss} labels={{ summary, dismiss: t("batchDismiss"), ok: t("batchOk"), failed: t("batchFailed") }} testId="subscription-batch" />
      ) : null}
      <BatchBar selection={selection} countLabel={t("selected", { count })} clearLabel={t("clearSelection")} testId="subscription-batch-bar" error={asking ? null : error} busy={busy}>
        {ops.map((op) => (
          <Button key={op} size="compact-sm" variant="light" color={OP_COLORS[op]} leftSection={opIcon(op, 14)} onClick={() => ask(op)} disabled={busy} data-testid={`subscription-batch-${op}`}>
            {t(`ops.${op}`)}
          </Button>
        ))}
      </BatchBar>
      <ConfirmOpModal
        op={asking}
        title={asking ? t(`batchTitle.${asking}`, { count }) : ""}
        busy={busy}
        error={error}
        onConfirm={run}
        onClose={() => ask(null)}
        testId="subscription-batch-dialog"
      >
        {asking ? t(`batchText.${asking}`) : null}
      </ConfirmOpModal>
    </>
  );
}
