"use client";
// The dialogs of one order's actions: confirm payment / cancel (asked once more), review (state +
// note), refund (to the balance, through the gateway or by hand; amount in major units, parsed
// exactly into minor units; a note; end or keep the subscriptions). Each names the order and
// reports the server's refusal in the page's language.
import { Alert, Button, Group, Loader, Modal, Radio, SegmentedControl, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { cancelOrder, confirmOrder, refundOrder, updateOrderReview } from "@/app/admin/orders/actions";
import { refundOptions } from "@/app/admin/orders/refund-actions";
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

type Options = Extract<Awaited<ReturnType<typeof refundOptions>>, { ok: true }>["data"];
type Destination = "balance" | "gateway" | "manual";
const DESTINATION_CODES = { balance: "BALANCE", gateway: "GATEWAY", manual: "MANUAL" } as const;

/**
 * Refund: where the money goes (the balance only in the wallet edition; the gateway only when this
 * order's payment can be refunded through it, else shown disabled with the reason), the amount
 * (prefilled with that destination's maximum, typed in major units and parsed exactly), a note,
 * and whether the subscriptions end. The options come from the server (refundOptions).
 */
function RefundDialog({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const t = useTranslations("refunds");
  const { messageOf } = useErrorText();
  const [options, setOptions] = useState<Options | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    refundOptions(order.id)
      .catch(() => ({ ok: false as const, error: networkError() }))
      .then((r) => {
        if (!live) return;
        if (r.ok) setOptions(r.data);
        else setLoadError(messageOf(r.error));
      });
    return () => {
      live = false;
    };
  }, [order.id, messageOf]);
  if (loadError) return <FormError>{loadError}</FormError>;
  if (!options)
    return (
      <Group gap="xs" data-testid="order-refund-loading">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t("loading")}
        </Text>
      </Group>
    );
  return <RefundForm order={order} options={options} onClose={onClose} />;
}

function RefundForm({ order, options, onClose }: { order: OrderRow; options: Options; onClose: () => void }) {
  const t = useTranslations("refunds");
  const tOrders = useTranslations("adminOrders");
  const tPlanChange = useTranslations("planChange");
  const money = useMoney();
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const shown: Destination[] = options.wallet ? ["gateway", "balance", "manual"] : ["gateway", "manual"];
  const maxOf = (d: Destination) => {
    const a = options.destinations[d];
    return a.available ? a.maxMinor : 0;
  };
  const first = shown.find((d) => options.destinations[d].available) ?? "manual";
  const [destination, setDestination] = useState<Destination>(first);
  const [amount, setAmount] = useState(formatMinor(maxOf(first)));
  const [note, setNote] = useState("");
  const [endSubscription, setEndSubscription] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const max = maxOf(destination);
  const provider = options.destinations.gateway.available ? t(`providers.${options.destinations.gateway.provider ?? "epay"}`) : "";
  const split = destination === "gateway" && options.balancePartMinor > 0 && max > options.gatewayPartMinor;
  const nothingAvailable = !shown.some((d) => options.destinations[d].available);

  const choose = (value: string) => {
    const d = value as Destination;
    setDestination(d);
    setAmount(formatMinor(maxOf(d)));
    setErrors({});
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    // Exact decimal parsing (never a float multiplication): "19.99" is 1999.
    const amountMinor = parseMajorToMinor(amount);
    const next: typeof errors = {};
    if (amountMinor === null) next.amount = t("amountInvalid");
    else if (amountMinor <= 0 || amountMinor > max) next.amount = t("amountRange", { max: formatMinor(max) });
    if (destination === "manual" && !note.trim()) next.note = t("noteRequired");
    else if (note.trim().length > NOTE_MAX) next.note = t("noteTooLong", { max: NOTE_MAX });
    setErrors(next);
    if (next.amount || next.note || amountMinor === null) return focusInvalid();
    setBusy(true);
    setError(null);
    const r = await call(refundOrder(order.id, { amount: amountMinor, destination, note: note.trim(), endSubscription }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      const f = fieldMessages(r.error);
      if (f.amount || f.note) {
        setErrors({ amount: f.amount, note: f.note });
        focusInvalid();
      }
      return;
    }
    const amountText = money(amountMinor, order.currency);
    notifySuccess(t(destination === "balance" ? "doneBalance" : destination === "gateway" ? "doneGateway" : "doneManual", { orderNo: order.orderNo, amount: amountText }));
    onClose();
    router.refresh();
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate data-testid="order-refund-dialog">
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {t("dialogText", { orderNo: order.orderNo, amount: money(options.paidMinor, order.currency) })}
        </Text>
        <RequiredNote />
        <FormError>{error}</FormError>
        <Radio.Group label={t("destination")} value={destination} onChange={choose} required data-testid="order-refund-destination">
          <Stack gap="xs" mt={4}>
            {shown.map((d) => {
              const a = options.destinations[d];
              return (
                <Radio
                  key={d}
                  value={d}
                  disabled={!a.available}
                  label={t(`destinations.${DESTINATION_CODES[d]}`)}
                  description={a.available ? undefined : t("unavailable", { why: t(`why.${a.why}`) })}
                  data-testid={`order-refund-destination-${d}`}
                  data-available={a.available}
                />
              );
            })}
          </Stack>
        </Radio.Group>
        {nothingAvailable ? null : (
          <Text size="sm" c="dimmed" data-testid="order-refund-destination-hint">
            {destination === "gateway"
              ? split
                ? t("destinationHints.GATEWAY_SPLIT", { provider, gatewayPart: money(options.gatewayPartMinor, order.currency) })
                : t("destinationHints.GATEWAY", { provider })
              : t(`destinationHints.${DESTINATION_CODES[destination]}`)}
          </Text>
        )}
        {options.orderKind === "PLAN_CHANGE" ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="order-refund-plan-change">
            {tPlanChange("refundHint")}
          </Alert>
        ) : null}
        {options.orderKind === "TRAFFIC_TOPUP" ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="order-refund-topup">
            {t("topupTraffic")}
          </Alert>
        ) : null}
        <TextInput
          label={t("amount", { currency: order.currency })}
          description={t("amountHint", { currency: order.currency, max: formatMinor(max) })}
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
          label={t("note")}
          description={destination === "manual" ? t("noteManualHint") : t("noteHint")}
          required={destination === "manual"}
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
          label={t("endSubscription")}
          description={t("endSubscriptionHint")}
          checked={endSubscription}
          onChange={(e) => setEndSubscription(e.currentTarget.checked)}
          data-testid="order-refund-end"
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {tOrders("keep")}
          </Button>
          <Button type="submit" color="grape" loading={busy} disabled={nothingAvailable} data-testid="order-refund-submit">
            {t("submit")}
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
    <Modal opened={!!dialog} onClose={onClose} title={title} centered closeButtonProps={{ "aria-label": t("close") }}>
      {dialog?.kind === "confirm" || dialog?.kind === "cancel" ? <StepDialog key={key} dialog={{ kind: dialog.kind, order: dialog.order }} onClose={onClose} /> : null}
      {dialog?.kind === "review" ? <ReviewDialog key={key} order={dialog.order} onClose={onClose} /> : null}
      {dialog?.kind === "refund" ? <RefundDialog key={key} order={dialog.order} onClose={onClose} /> : null}
    </Modal>
  );
}
