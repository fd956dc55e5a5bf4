"use client";
// The detail page's operations: suspend / activate / cancel / delete (each asked once more, naming
// the owner and plan), and for a streaming subscription, moving its slot to another service.
import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { IconArrowsExchange } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { activateSubscription, cancelSubscription, deleteSubscriptionPermanently, reassignStreamingSlot, suspendSubscription } from "@/app/admin/subscriptions/actions";
import type { SubscriptionKind, SubscriptionStatus } from "@/server/db/schema/commerce";
import { FormError } from "../../forms/form-error";
import { notifySuccess } from "../../forms/notify";
import { networkError, useErrorText, type UiError } from "../../forms/server-error";
import { ConfirmOpModal } from "./confirm-op-modal";
import { OP_COLORS, opIcon } from "./op-look";
import { OP_PERMISSION, opsFor, type SubscriptionOp } from "./subscription-codes";
import { useCan } from "../staff-permissions";

type Result = { ok: true } | { ok: false; error: UiError };
const call = (p: Promise<Result>) => p.catch((): Result => ({ ok: false, error: networkError() }));

const RUN: Record<SubscriptionOp, (id: string) => Promise<Result>> = {
  suspend: suspendSubscription,
  activate: activateSubscription,
  cancel: cancelSubscription,
  delete: deleteSubscriptionPermanently,
};

export interface StreamingChoice { id: string; name: string; enabled: boolean; slotsFree: number }

interface Props {
  sub: { id: string; status: SubscriptionStatus; kind: SubscriptionKind; expiresAt: Date; email: string; plan: string };
  streaming: { current: { id: string; name: string } | null; choices: StreamingChoice[] } | null;
}

export function SubscriptionActions({ sub, streaming }: Props) {
  const t = useTranslations("adminSubscriptions");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [asking, setAsking] = useState<SubscriptionOp | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reassigning, setReassigning] = useState(false);
  // The buttons follow the status as of this render; "now" is read when the page renders.
  const [renderedAt] = useState(() => Date.now());
  const can = useCan();
  // Only what the role may do: support suspends and activates, moving a streaming slot is a write.
  const ops = opsFor(sub, renderedAt).filter((op) => can(OP_PERMISSION[op]));
  const reassign = streaming && can("subscriptions.write") ? streaming : null;

  const run = async (op: SubscriptionOp) => {
    setBusy(true);
    setError(null);
    const r = await call(RUN[op](sub.id));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t(`done.${op}`));
    setAsking(null);
    if (op === "delete") router.push("/admin/subscriptions");
    else router.refresh();
  };

  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="subscription-actions">
        {ops.map((op) => (
          <Button key={op} variant={op === "delete" ? "outline" : "light"} color={OP_COLORS[op]} leftSection={opIcon(op, 16)} onClick={() => setAsking(op)} data-testid={`subscription-${op}`}>
            {t(`ops.${op}`)}
          </Button>
        ))}
        {reassign ? (
          <Button variant="default" leftSection={<IconArrowsExchange size={16} />} onClick={() => setReassigning(true)} data-testid="subscription-reassign">
            {t("detail.reassign")}
          </Button>
        ) : null}
      </Group>
      <ConfirmOpModal
        op={asking}
        title={asking ? t(`confirmTitle.${asking}`) : ""}
        busy={busy}
        error={error}
        onConfirm={run}
        onClose={() => {
          setAsking(null);
          setError(null);
        }}
        testId="subscription-confirm"
      >
        {asking ? t(`confirmText.${asking}`, { email: sub.email, plan: sub.plan }) : null}
      </ConfirmOpModal>
      {reassign ? <ReassignModal opened={reassigning} onClose={() => setReassigning(false)} subscriptionId={sub.id} streaming={reassign} /> : null}
    </>
  );
}

function ReassignModal({ opened, onClose, subscriptionId, streaming }: { opened: boolean; onClose: () => void; subscriptionId: string; streaming: NonNullable<Props["streaming"]> }) {
  const t = useTranslations("adminSubscriptions.detail");
  const ta = useTranslations("adminSubscriptions");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const others = streaming.choices.filter((s) => s.id !== streaming.current?.id);
  const submit = async () => {
    if (!serviceId) return;
    setBusy(true);
    setError(null);
    const r = await call(reassignStreamingSlot(subscriptionId, serviceId));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("reassigned"));
    setServiceId(null);
    onClose();
    router.refresh();
  };
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={t("reassignTitle")} centered>
      <Stack gap="sm" data-testid="subscription-reassign-dialog">
        <Text size="sm">{t("reassignText", { current: streaming.current?.name ?? "—" })}</Text>
        <Select
          label={t("reassignService")}
          data={others.map((s) => ({
            value: s.id,
            label: s.enabled ? t("reassignSlots", { name: s.name, free: s.slotsFree }) : t("reassignDisabled", { name: s.name }),
            // The service refuses a full or disabled target; the list does not offer one.
            disabled: !s.enabled || s.slotsFree === 0,
          }))}
          value={serviceId}
          onChange={setServiceId}
          data-testid="subscription-reassign-service"
          comboboxProps={{ withinPortal: true }}
        />
        <FormError>{error}</FormError>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {ta("keep")}
          </Button>
          <Button onClick={submit} loading={busy} disabled={!serviceId} data-testid="subscription-reassign-submit">
            {t("reassignSubmit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
