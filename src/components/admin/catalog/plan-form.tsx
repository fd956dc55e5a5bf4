"use client";
// Create and edit a plan. Fields follow the kind and the pricing, renewal and top-up modes; only the
// fields that apply are sent, so the server's field problems land on fields that are on screen.
// Money is typed in major units and sent as integer minor units (parsed from the text, no floats).
import { Button, Fieldset, Group, Stack } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createPlanAction, deletePlanAction, updatePlanAction } from "@/app/admin/plans/actions";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { useRangeText } from "@/components/forms/range";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { useCan } from "../staff-permissions";
import { intValue, limitValue, moneyValue, MoneyInput } from "./fields";
import { PlanExtras, PlanTarget } from "./plan-form-modes";
import { PlanBasics, PlanLimitsAndStore, PlanPricing } from "./plan-form-sections";
import { initial, type EditablePlan, type Limits, type MoneyKey, type PlanChoicesView, type PlanFormApi, type Pricing, type Renewal, type Topup } from "./plan-form-state";

export type { EditablePlan, PlanChoicesView } from "./plan-form-state";

export function PlanForm({ plan, choices, currency, limits }: { plan?: EditablePlan; choices: PlanChoicesView; currency: string; limits: Limits }) {
  const t = useTranslations("catalog.planForm");
  const tp = useTranslations("catalog.plans");
  const tc = useTranslations("catalog.common");
  const router = useRouter();
  const rangeText = useRangeText();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const readOnly = !useCan()("catalog.write");
  const [v, setV] = useState(() => initial(plan));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const mode = plan ? "edit" : "create";
  const proxyKind = v.kind !== "STREAMING";
  const trial = v.kind === "TRIAL";
  const pricing: Pricing = trial || v.kind === "STREAMING" ? "FIXED" : v.pricingMode;
  const renewal: Renewal = trial ? "NONE" : v.renewalMode;
  const topup: Topup = v.kind === "PROXY" ? v.topupMode : "NONE";
  const node = choices.nodes.find((n) => n.id === v.nodeId);
  const set = <K extends keyof typeof v>(k: K) => (value: (typeof v)[K]) => setV((x) => ({ ...x, [k]: value }));
  const setMoney = (k: MoneyKey) => (value: string) => setV((x) => ({ ...x, money: { ...x.money, [k]: value } }));

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    const out: Record<string, unknown> = {
      kind: v.kind,
      name: v.name.trim(),
      description: v.description.trim(),
      pricingMode: pricing,
      durationDays: intValue(v.durationDays),
      renewalMode: renewal,
      topupMode: topup,
      trafficResetStrategy: proxyKind ? v.trafficResetStrategy : "NEVER",
      stockTotal: limitValue(v.stockTotal),
      perUserLimit: limitValue(v.perUserLimit),
      visibility: v.visible ? "PUBLIC" : "HIDDEN",
      featured: v.featured,
      sortOrder: intValue(v.sortOrder) ?? 0,
    };
    const money = (k: MoneyKey) => {
      const m = moneyValue(v.money[k]);
      if (m === null) f[k] = tc("moneyInvalid");
      else out[k] = m;
    };
    if (!out.name) f.name = tc("required");
    if (proxyKind) {
      out.nodeId = v.nodeId;
      out.inboundIds = v.inboundIds.filter((id) => node?.inbounds.some((i) => i.id === id));
      out.deviceLimit = intValue(v.deviceLimit) ?? 0;
      if (!v.nodeId) f.nodeId = tc("required");
    } else {
      out.streamingServiceId = v.streamingServiceId;
      if (!v.streamingServiceId) f.streamingServiceId = tc("required");
    }
    if (trial) out.priceMinor = 0;
    else if (pricing === "FIXED") money("priceMinor");
    if (pricing === "FIXED" && proxyKind) out.trafficGb = intValue(v.trafficGb);
    if (pricing === "SLIDER") {
      money("pricePerGbMinor");
      out.minGb = intValue(v.minGb);
      out.maxGb = intValue(v.maxGb);
    }
    if (renewal === "FIXED") money("renewalPriceMinor");
    if (renewal === "PER_DAY") money("renewalPricePerDayMinor");
    if (topup === "PER_GB") money("topupPricePerGbMinor");
    if (topup === "FIXED") {
      money("topupPriceMinor");
      out.topupGb = intValue(v.topupGb);
    }
    const maxDays = trial ? limits.trialMaxDays : limits.maxDays;
    if (typeof out.durationDays === "number" && (out.durationDays < 1 || out.durationDays > maxDays)) f.durationDays = rangeText({ min: 1, max: maxDays });
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    setBusy(true);
    setError(null);
    const r = await (plan ? updatePlanAction(plan.id, out) : createPlanAction(out)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return focusInvalid();
    }
    notifySuccess(plan ? tp("updated", { name: r.data.name }) : tp("created", { name: r.data.name }));
    if (plan) router.refresh();
    else router.push(`/admin/plans/${r.data.id}`);
  };

  const confirmDelete = async () => {
    if (!plan) return;
    setDeleteBusy(true);
    setDeleteError(null);
    const r = await deletePlanAction(plan.id).catch(() => ({ ok: false as const, error: networkError() }));
    setDeleteBusy(false);
    if (!r.ok) return setDeleteError(messageOf(r.error));
    notifySuccess(tp("deletedOne", { name: plan.name }));
    setDeleting(false);
    router.push("/admin/plans");
  };

  const money = (k: MoneyKey, label: string) => <MoneyInput currency={currency} label={label} required value={v.money[k]} onChange={setMoney(k)} error={fields[k]} data-testid={`plan-${k}`} />;
  const form: PlanFormApi = { v, setV, set, fields, money, plan, choices, limits, proxyKind, trial, pricing, renewal, topup, node };

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid={`plan-form-${mode}`}>
      {/* A role with catalog.read alone sees the plan as the form shows it, every field disabled. */}
      <Fieldset variant="unstyled" disabled={readOnly} data-testid={readOnly ? "plan-read-only" : undefined}>
        <Stack gap="md">
          {readOnly ? null : <RequiredNote />}
          <FormError>{error}</FormError>
  
          <PlanBasics form={form} />
          <PlanTarget form={form} />
          <PlanPricing form={form} />
          <PlanExtras form={form} />
          <PlanLimitsAndStore form={form} />
          {readOnly ? null : (
            <Group justify="space-between" gap="xs">
              {plan ? (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} data-testid="plan-delete">
                  {tc("delete")}
                </Button>
              ) : (
                <span />
            )}
            <Button type="submit" loading={busy} data-testid="plan-submit">
              {plan ? t("submitSave") : t("submitCreate")}
            </Button>
          </Group>
          )}
        </Stack>
      </Fieldset>
      {plan ? (
        <ConfirmModal
          opened={deleting}
          title={tp("deleteTitle")}
          confirmLabel={tc("delete")}
          typeToConfirm={{ label: tp("deleteTypeName"), value: plan.name }}
          busy={deleteBusy}
          error={deleteError}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(false)}
          testId="plan-delete"
        >
          {tp("deleteText", { name: plan.name })}
        </ConfirmModal>
      ) : null}
    </form>
  );
}
