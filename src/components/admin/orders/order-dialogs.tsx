"use client";
// The dialogs of one order's actions: confirm payment / cancel (asked once more), review (state +
// note), refund (amount in major units, parsed exactly into minor units; a note; end or keep the
// subscriptions). Each names the order and reports the server's refusal in the page's language.
import { Button, Group, Modal, SegmentedControl, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { cancelOrder, confirmOrder, refundOrder, updateOrderReview } from "@/app/admin/orders/actions";
import { formatMinor, parseMajorToMinor } from "@/server/services/catalog/money";
import { FormError } from "../../forms/form-error";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid";
import { notifySuccess } from "../../forms/notify";
import { RequiredNote } from "../../forms/required-note";
import { networkError, useErrorText, type UiError } from "../../forms/server-error";
import { REVIEW_STATUS_CODES, type OrderRow } from "./order-codes";
import { useMoney } from "./order-labels";

export type OrderDialog = { kind: "confirm" | "cancel" | "review" | "refund"; order: OrderRow } | null;

type Result = { ok: true } | { ok: false; error: UiError };
const call = (p: Promise<Result>) => p.catch((): Result => ({ ok: false, error: networkError() }));

/** Confirm payment or cancel: a yes/no question that names the order and what happens. */
function StepDialog({ dialog, onClose }: { dialog: { kind: "confirm" | "cancel"; order: OrderRow }; onClose: () => void }) {
  const t = useTranslations("adminOrders");
  const money = useMoney();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { order, kind } = dialog;
  const late = kind === "confirm" && order.status !== "PENDING";
  const run = async () => {
    setBusy(true);
    setError(null);
    const r = await call(kind === "confirm" ? confirmOrder(order.id) : cancelOrder(order.id));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t(kind === "confirm" ? "confirmDone" : "cancelDone", { orderNo: order.orderNo }));
    onClose();
    router.refresh();
  };
  return (
    <Stack gap="sm" data-testid={`order-${kind}-dialog`}>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {kind === "cancel"
          ? t("cancelText", { orderNo: order.orderNo })
          : late
            ? t("confirmLateText", { orderNo: order.orderNo, status: t(`orderStatus.${order.status}`) })
            : t("confirmText", { orderNo: order.orderNo, amount: money(order.totalMinor, order.currency) })}
      </Text>
      <FormError>{error}</FormError>
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t("keep")}
        </Button>
        <Button color={kind === "cancel" ? "red" : "teal"} onClick={run} loading={busy} data-testid={`order-${kind}-submit`} data-autofocus>
          {kind === "cancel" ? t("cancelConfirm") : t("confirm")}
        </Button>
      </Group>
    </Stack>
  );
}

const NOTE_MAX = 2000;

function ReviewDialog({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const t = useTranslations("adminOrders");
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [status, setStatus] = useState<string>(order.reviewStatus);
  const [note, setNote] = useState(order.reviewNote ?? "");
  const [noteError, setNoteError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (note.trim().length > NOTE_MAX) {
      setNoteError(t("reviewNoteLong", { max: NOTE_MAX }));
      return focusInvalid();
    }
    setBusy(true);
    setError(null);
    setNoteError(null);
    const r = await call(updateOrderReview(order.id, { reviewStatus: status, reviewNote: note.trim() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      const f = fieldMessages(r.error).reviewNote;
      if (f) {
        setNoteError(f);
        focusInvalid();
      }
      return;
    }
    notifySuccess(t("reviewDone", { orderNo: order.orderNo }));
    onClose();
    router.refresh();
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate data-testid="order-review-dialog">
      <Stack gap="sm">
        <FormError>{error}</FormError>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="review-state-label">
            {t("reviewStatusLabel")}
          </Text>
          <SegmentedControl
            aria-labelledby="review-state-label"
            value={status}
            onChange={setStatus}
            data={REVIEW_STATUS_CODES.map((s) => ({ value: s, label: t(`reviewStatus.${s}`) }))}
            fullWidth
            data-testid="order-review-status"
          />
        </Stack>
        <Textarea
          label={t("reviewNote")}
          description={t("reviewNoteHint")}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={noteError}
          data-testid="order-review-note"
          data-autofocus
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t("keep")}
          </Button>
          <Button type="submit" loading={busy} data-testid="order-review-submit">
            {t("reviewSave")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RefundDialog({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const t = useTranslations("adminOrders");
  const money = useMoney();
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [amount, setAmount] = useState(formatMinor(order.totalMinor));
  const [note, setNote] = useState("");
  const [endSubscription, setEndSubscription] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const max = formatMinor(order.totalMinor);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    // Exact decimal parsing (never a float multiplication): "19.99" is 1999.
    const amountMinor = parseMajorToMinor(amount);
    const next: typeof errors = {};
    if (amountMinor === null) next.amount = t("refundAmountInvalid");
    else if (amountMinor > order.totalMinor) next.amount = t("refundAmountTooLarge", { max });
    if (!note.trim()) next.note = t("refundNoteRequired");
    else if (note.trim().length > NOTE_MAX) next.note = t("reviewNoteLong", { max: NOTE_MAX });
    setErrors(next);
    if (next.amount || next.note || amountMinor === null) return focusInvalid();
    setBusy(true);
    setError(null);
    const r = await call(refundOrder(order.id, { amountMinor, note: note.trim(), endSubscription }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      const f = fieldMessages(r.error);
      // The server's limit is in minor units; say it the way the field is typed.
      const tooBig = (r.error.details?.fields as Record<string, string> | undefined)?.amountMinor === "too_big";
      const amountText = tooBig ? t("refundAmountTooLarge", { max }) : f.amountMinor;
      if (amountText || f.note) {
        setErrors({ amount: amountText, note: f.note });
        focusInvalid();
      }
      return;
    }
    notifySuccess(t("refundDone", { orderNo: order.orderNo }));
    onClose();
    router.refresh();
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate data-testid="order-refund-dialog">
      <Stack gap="sm">
        <Text size="sm">{t("refundText", { amount: money(order.totalMinor, order.currency) })}</Text>
        <RequiredNote />
        <FormError>{error}</FormError>
        <TextInput
          label={t("refundAmount", { currency: order.currency })}
          description={t("refundAmountHint", { currency: order.currency, max })}
          required
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          onBlur={() => {
            const m = parseMajorToMinor(amount);
            if (m !== null) setAmount(formatMinor(m));
          }}
          error={errors.amount}
          data-testid="order-refund-amount"
          data-autofocus
        />
        <Textarea
          label={t("refundNote")}
          description={t("refundNoteHint")}
          required
          autosize
          minRows={2}
          maxRows={8}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
          data-testid="order-refund-note"
        />
        <Switch
          label={t("refundEnd")}
          description={t("refundEndHint")}
          checked={endSubscription}
          onChange={(e) => setEndSubscription(e.currentTarget.checked)}
          data-testid="order-refund-end"
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t("keep")}
          </Button>
          <Button type="submit" color="grape" loading={busy} data-testid="order-refund-submit">
            {t("refundConfirm")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One modal for whichever action is open; its body is keyed by order and action, so it starts fresh. */
export function OrderDialogs({ dialog, onClose }: { dialog: OrderDialog; onClose: () => void }) {
  const t = useTranslations("adminOrders");
  const title = !dialog
    ? ""
    : dialog.kind === "confirm"
      ? t("confirmTitle")
      : dialog.kind === "cancel"
        ? t("cancelTitle")
        : dialog.kind === "review"
          ? t("reviewTitle", { orderNo: dialog.order.orderNo })
          : t("refundTitle", { orderNo: dialog.order.orderNo });
  const key = dialog ? `${dialog.kind}:${dialog.order.id}` : "none";
  return (
    <Modal opened={!!dialog} onClose={onClose} title={title} centered>
      {dialog?.kind === "confirm" || dialog?.kind === "cancel" ? <StepDialog key={key} dialog={{ kind: dialog.kind, order: dialog.order }} onClose={onClose} /> : null}
      {dialog?.kind === "review" ? <ReviewDialog key={key} order={dialog.order} onClose={onClose} /> : null}
      {dialog?.kind === "refund" ? <RefundDialog key={key} order={dialog.order} onClose={onClose} /> : null}
    </Modal>
  );
}
