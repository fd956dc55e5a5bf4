"use client";
// The subscriptions' batch: the bar while rows are chosen, asked once more naming the count, and
// the outcome per subscription, each refusal in words, above the list.
import { Button } from "@mantine/core";
import { IconBan, IconPlayerPause, IconPlayerPlay, IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { batchSubscriptionOperation } from "@/app/admin/subscriptions/actions";
import type { BatchResult } from "@/server/services/subscriptions/admin-ops";
import { networkError, useErrorText } from "../../forms/server-error";
import { BatchBar, BatchResults, type BatchOutcome, type Selection } from "../list-kit";
import { ConfirmOpModal } from "./confirm-op-modal";
import { shortId, SUBSCRIPTION_OPS, type SubscriptionOp, type SubscriptionRow } from "./subscription-codes";

const OP_ICONS: Record<SubscriptionOp, ReactNode> = {
  suspend: <IconPlayerPause size={14} />,
  activate: <IconPlayerPlay size={14} />,
  cancel: <IconBan size={14} />,
  delete: <IconTrash size={14} />,
};
const OP_COLORS: Record<SubscriptionOp, string> = { suspend: "orange", activate: "teal", cancel: "red", delete: "red" };

export function SubscriptionBatch({ rows, selection }: { rows: SubscriptionRow[]; selection: Selection }) {
  const t = useTranslations("adminSubscriptions");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [asking, setAsking] = useState<SubscriptionOp | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<BatchOutcome[] | null>(null);
  const count = selection.chosen.length;

  const run = async (op: SubscriptionOp) => {
    if (count === 0) return;
    const labels = new Map(rows.map((r) => [r.id, `${shortId(r.id)} · ${r.email}`]));
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.set("op", op);
    for (const id of selection.chosen) form.append("ids", id);
    const r = await batchSubscriptionOperation(form).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    const data = r.data as BatchResult;
    setAsking(null);
    setResults([
      ...data.failed.map((f) => ({
        id: f.id,
        label: labels.get(f.id) ?? f.id,
        ok: false,
        message: messageOf({ code: "CONFLICT", message: f.reason, details: { ...(f.details as Record<string, unknown> | undefined), reason: f.reason } }),
        attrs: { "data-id": f.id },
      })),
      ...data.done.map((id) => ({ id, label: labels.get(id) ?? id, ok: true, attrs: { "data-id": id } })),
    ]);
    selection.clear();
    router.refresh();
  };

  const summary = t("batchSummary", { ok: results?.filter((r) => r.ok).length ?? 0, total: results?.length ?? 0 });
  return (
    <>
      {results ? (
        <BatchResults results={results} onClose={() => setResults(null)} labels={{ summary, dismiss: t("batchDismiss"), ok: t("batchOk"), failed: t("batchFailed") }} testId="subscription-batch" />
      ) : null}
      <BatchBar selection={selection} countLabel={t("selected", { count })} clearLabel={t("clearSelection")} testId="subscription-batch-bar" error={asking ? null : error} busy={busy}>
        {SUBSCRIPTION_OPS.map((op) => (
          <Button key={op} size="compact-sm" variant="light" color={OP_COLORS[op]} leftSection={OP_ICONS[op]} onClick={() => setAsking(op)} disabled={busy} data-testid={`subscription-batch-${op}`}>
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
        onClose={() => {
          setAsking(null);
          setError(null);
        }}
        testId="subscription-batch-dialog"
      >
        {asking ? t(`batchText.${asking}`) : null}
      </ConfirmOpModal>
    </>
  );
}
