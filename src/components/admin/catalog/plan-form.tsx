"use client";
// Create and edit a plan. Fields follow the kind and the pricing, renewal and top-up modes; only the
// fields that apply are sent, so the server's field problems land on fields that are on screen.
// Money is typed in major units and sent as integer minor units (parsed from the text, no floats).
import { Button, Card, Checkbox, Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { createPlanAction, deletePlanAction, updatePlanAction } from "@/app/admin/plans/actions";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { useRangeText } from "@/components/forms/range";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { IntInput, intValue, limitValue, moneyText, moneyValue, MoneyInput, type IntText } from "./fields";

type Kind = "PROXY" | "TRIAL" | "STREAMING";
type Pricing = "FIXED" | "SLIDER";
type Renewal = "NONE" | "FIXED" | "PER_DAY";
type Topup = "NONE" | "PER_GB" | "FIXED";
type TrafficReset = "NEVER" | "MONTHLY_PURCHASE_DAY" | "MONTHLY_FIRST";

/** The form's choices (listPlanChoices). */
export interface PlanChoicesView {
  nodes: { id: string; name: string; visibility: string; inbounds: { id: string; name: string; protocol: string; port: number; enabled: boolean }[] }[];
  streamingServices: { id: string; name: string; enabled: boolean }[];
}

/** A stored plan, for editing (getPlanAdmin). */
export interface EditablePlan {
  id: string;
  kind: Kind;
  name: string;
  description: string;
  nodeId: string | null;
  inboundIds: string[];
  streamingServiceId: string | null;
  pricingMode: Pricing;
  priceMinor: number;
  trafficGb: number;
  pricePerGbMinor: number;
  minGb: number;
  maxGb: number;
  durationDays: number;
  renewalMode: Renewal;
  renewalPriceMinor: number;
  renewalPricePerDayMinor: number;
  topupMode: Topup;
  trafficResetStrategy: TrafficReset;
  topupPricePerGbMinor: number;
  topupGb: number;
  topupPriceMinor: number;
  stockTotal: number | null;
  stockHeld: number;
  perUserLimit: number | null;
  deviceLimit: number;
  visibility: "PUBLIC" | "HIDDEN";
  featured: boolean;
  sortOrder: number;
}

interface Limits {
  trialMaxDays: number;
  maxDays: number;
  maxGb: number;
}

const MONEY = ["priceMinor", "pricePerGbMinor", "renewalPriceMinor", "renewalPricePerDayMinor", "topupPricePerGbMinor", "topupPriceMinor"] as const;
type MoneyKey = (typeof MONEY)[number];

function initial(plan?: EditablePlan) {
  const n = (v: number | undefined, zeroEmpty = true): IntText => (v === undefined || (zeroEmpty && v === 0) ? "" : v);
  return {
    kind: (plan?.kind ?? "PROXY") as Kind,
    name: plan?.name ?? "",
    description: plan?.description ?? "",
    nodeId: plan?.nodeId ?? null,
    inboundIds: plan?.inboundIds ?? [],
    streamingServiceId: plan?.streamingServiceId ?? null,
    pricingMode: (plan?.pricingMode ?? "FIXED") as Pricing,
    money: Object.fromEntries(MONEY.map((k) => [k, plan && (plan[k] !== 0 || (k === "priceMinor" && plan.pricingMode === "FIXED")) ? moneyText(plan[k]) : ""])) as Record<MoneyKey, string>,
    trafficGb: n(plan?.trafficGb),
    minGb: n(plan?.minGb),
    maxGb: n(plan?.maxGb),
    durationDays: n(plan?.durationDays ?? 30),
    renewalMode: (plan?.renewalMode ?? "NONE") as Renewal,
    topupMode: (plan?.topupMode ?? "NONE") as Topup,
    trafficResetStrategy: (plan?.trafficResetStrategy ?? "NEVER") as TrafficReset,
    topupGb: n(plan?.topupGb),
    stockTotal: plan?.stockTotal ?? ("" as IntText),
    perUserLimit: plan?.perUserLimit ?? ("" as IntText),
    deviceLimit: (plan?.deviceLimit ?? 0) as IntText,
    visible: (plan?.visibility ?? "PUBLIC") === "PUBLIC",
    featured: plan?.featured ?? false,
    sortOrder: (plan?.sortOrder ?? 0) as IntText,
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}

export function PlanForm({ plan, choices, currency, limits }: { plan?: EditablePlan; choices: PlanChoicesView; currency: string; limits: Limits }) {
  const t = useTranslations("catalog.planForm");
  const tp = useTranslations("catalog.plans");
  const tk = useTranslations("catalog.kind");
  const tc = useTranslations("catalog.common");
  const tpm = useTranslations("catalog.pricingMode");
  const trm = useTranslations("catalog.renewalMode");
  const ttm = useTranslations("catalog.topupMode");
  const trs = useTranslations("catalog.trafficResetStrategy");
  const tdv = useTranslations("devices.planField");
  const router = useRouter();
  const rangeText = useRangeText();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
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

  const money = (k: MoneyKey, label: string, extra: { description?: string } = {}) => (
    <MoneyInput currency={currency} label={label} required value={v.money[k]} onChange={setMoney(k)} error={fields[k]} data-testid={`plan-${k}`} {...extra} />
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid={`plan-form-${mode}`}>
      <Stack gap="md">
        <RequiredNote />
        <FormError>{error}</FormError>

        <Section title={t("sectionBasics")}>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("kind")}
            </Text>
            <SegmentedControl
              value={v.kind}
              onChange={(k) => set("kind")(k as Kind)}
              disabled={Boolean(plan)}
              data={(["PROXY", "TRIAL", "STREAMING"] as const).map((k) => ({ value: k, label: tk(k) }))}
              fullWidth
              aria-label={t("kind")}
              data-testid="plan-kind"
            />
            <Text size="xs" c="dimmed">
              {plan ? t("kindFixed") : t("kindHint", { days: limits.trialMaxDays })}
            </Text>
            {fields.kind ? (
              <Text size="xs" c="red">
                {fields.kind}
              </Text>
            ) : null}
          </Stack>
          <TextInput label={t("name")} required maxLength={80} value={v.name} onChange={(e) => set("name")(e.currentTarget.value)} error={fields.name} data-testid="plan-name" />
          <Textarea label={t("description")} autosize minRows={2} maxRows={6} maxLength={2000} value={v.description} onChange={(e) => set("description")(e.currentTarget.value)} error={fields.description} data-testid="plan-description" />
        </Section>

        <Section title={t("sectionTarget")}>
          {proxyKind ? (
            <>
              {choices.nodes.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("noNodes")}
                </Text>
              ) : null}
              <Select
                label={t("node")}
                placeholder={t("nodePlaceholder")}
                required
                data={choices.nodes.map((n) => ({ value: n.id, label: n.visibility === "VISIBLE" ? n.name : `${n.name} (${t("nodeHidden")})` }))}
                value={v.nodeId}
                onChange={(id) => setV((x) => ({ ...x, nodeId: id, inboundIds: id === x.nodeId ? x.inboundIds : [] }))}
                searchable
                allowDeselect={false}
                error={fields.nodeId}
                data-testid="plan-node"
              />
              <Checkbox.Group
                label={t("inbounds")}
                description={t("inboundsHint")}
                required
                value={v.inboundIds}
                onChange={set("inboundIds")}
                error={fields.inboundIds}
                data-testid="plan-inbounds"
              >
                <Stack gap={6} mt={6}>
                  {!node ? (
                    <Text size="sm" c="dimmed">
                      {t("chooseNodeFirst")}
                    </Text>
                  ) : node.inbounds.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t("noInbounds")}
                    </Text>
                  ) : (
                    node.inbounds.map((i) => (
                      <Checkbox
                        key={i.id}
                        value={i.id}
                        label={`${i.name} · ${i.protocol}:${i.port}${i.enabled ? "" : ` (${t("inboundDisabled")})`}`}
                        aria-invalid={fields.inboundIds ? true : undefined}
                        data-testid={`plan-inbound-${i.port}`}
                      />
                    ))
                  )}
                </Stack>
              </Checkbox.Group>
            </>
          ) : (
            <>
              {choices.streamingServices.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("noServices")}
                </Text>
              ) : null}
              <Select
                label={t("streamingService")}
                placeholder={t("streamingPlaceholder")}
                required
                data={choices.streamingServices.map((s) => ({ value: s.id, label: s.enabled ? s.name : `${s.name} (${t("serviceDisabled")})` }))}
                value={v.streamingServiceId}
                onChange={set("streamingServiceId")}
                allowDeselect={false}
                error={fields.streamingServiceId}
                data-testid="plan-streaming-service"
              />
            </>
          )}
        </Section>

        <Section title={t("sectionPricing")}>
          {v.kind === "PROXY" ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t("pricingMode")}
              </Text>
              <SegmentedControl
                value={pricing}
                onChange={(m) => set("pricingMode")(m as Pricing)}
                data={(["FIXED", "SLIDER"] as const).map((m) => ({ value: m, label: tpm(m) }))}
                aria-label={t("pricingMode")}
                data-testid="plan-pricing-mode"
              />
            </Stack>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {trial ? (
              <Text size="sm" c="dimmed" data-testid="plan-trial-free">
                {t("trialFree")}
              </Text>
            ) : pricing === "FIXED" ? (
              money("priceMinor", t("price"))
            ) : (
              money("pricePerGbMinor", t("pricePerGb"))
            )}
            {pricing === "FIXED" && proxyKind ? (
              <IntInput label={t("trafficGb")} required min={1} max={limits.maxGb} value={v.trafficGb} onChange={set("trafficGb")} error={fields.trafficGb} description={rangeText({ min: 1, max: limits.maxGb })} data-testid="plan-trafficGb" />
            ) : null}
            {pricing === "SLIDER" ? (
              <>
                <IntInput label={t("minGb")} required min={1} max={limits.maxGb} value={v.minGb} onChange={set("minGb")} error={fields.minGb} data-testid="plan-minGb" />
                <IntInput label={t("maxGb")} required min={1} max={limits.maxGb} value={v.maxGb} onChange={set("maxGb")} error={fields.maxGb} data-testid="plan-maxGb" />
              </>
            ) : null}
            <IntInput
              label={t("durationDays")}
              required
              min={1}
              max={trial ? limits.trialMaxDays : limits.maxDays}
              value={v.durationDays}
              onChange={set("durationDays")}
              error={fields.durationDays}
              description={rangeText({ min: 1, max: trial ? limits.trialMaxDays : limits.maxDays })}
              data-testid="plan-durationDays"
            />
          </SimpleGrid>
        </Section>

        {trial ? (
          <Text size="sm" c="dimmed">
            {t("trialNoExtras")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title={t("sectionRenewal")}>
              <Select
                label={t("renewalMode")}
                data={(["NONE", "FIXED", "PER_DAY"] as const).map((m) => ({ value: m, label: trm(m) }))}
                value={renewal}
                onChange={(m) => m && set("renewalMode")(m as Renewal)}
                allowDeselect={false}
                error={fields.renewalMode}
                data-testid="plan-renewal-mode"
              />
              {renewal === "FIXED" ? money("renewalPriceMinor", t("renewalPrice")) : null}
              {renewal === "PER_DAY" ? money("renewalPricePerDayMinor", t("renewalPricePerDay")) : null}
            </Section>
            <Section title={t("sectionTopup")}>
              {v.kind === "STREAMING" ? (
                <Text size="sm" c="dimmed">
                  {t("streamingNoTopup")}
                </Text>
              ) : (
                <>
                  <Select
                    label={t("topupMode")}
                    data={(["NONE", "PER_GB", "FIXED"] as const).map((m) => ({ value: m, label: ttm(m) }))}
                    value={topup}
                    onChange={(m) => m && set("topupMode")(m as Topup)}
                    allowDeselect={false}
                    error={fields.topupMode}
                    data-testid="plan-topup-mode"
                  />
                  {topup === "PER_GB" ? money("topupPricePerGbMinor", t("topupPricePerGb")) : null}
                  <Select
                    label={t("trafficReset")}
                    description={t("trafficResetHint")}
                    data={(["NEVER", "MONTHLY_PURCHASE_DAY", "MONTHLY_FIRST"] as const).map((m) => ({ value: m, label: trs(m) }))}
                    value={v.trafficResetStrategy}
                    onChange={(m) => m && set("trafficResetStrategy")(m as TrafficReset)}
                    allowDeselect={false}
                    error={fields.trafficResetStrategy}
                    data-testid="plan-traffic-reset"
                  />
                  {topup === "FIXED" ? (
                    <>
                      <IntInput label={t("topupGb")} required min={1} max={limits.maxGb} value={v.topupGb} onChange={set("topupGb")} error={fields.topupGb} data-testid="plan-topupGb" />
                      {money("topupPriceMinor", t("topupPrice"))}
                    </>
                  ) : null}
                </>
              )}
            </Section>
          </SimpleGrid>
        )}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Section title={t("sectionLimits")}>
            <IntInput
              label={t("stockTotal")}
              min={0}
              value={v.stockTotal}
              onChange={set("stockTotal")}
              error={fields.stockTotal}
              description={t("stockHint", { held: plan?.stockHeld ?? 0 })}
              placeholder={tc("unlimited")}
              data-testid="plan-stockTotal"
            />
            <IntInput label={t("perUserLimit")} min={1} value={v.perUserLimit} onChange={set("perUserLimit")} error={fields.perUserLimit} description={t("perUserHint")} placeholder={tc("unlimited")} data-testid="plan-perUserLimit" />
            {proxyKind ? (
              // max: MAX_DEVICE_LIMIT of the plan input (the server checks it too).
              <IntInput label={tdv("label")} min={0} max={1000} value={v.deviceLimit} onChange={set("deviceLimit")} error={fields.deviceLimit} description={tdv("hint")} placeholder="0" data-testid="plan-deviceLimit" />
            ) : null}
          </Section>
          <Section title={t("sectionStore")}>
            <Switch label={t("visible")} description={t("visibleHint")} checked={v.visible} onChange={(e) => set("visible")(e.currentTarget.checked)} data-testid="plan-visible" />
            <Switch label={t("featured")} description={t("featuredHint")} checked={v.featured} onChange={(e) => set("featured")(e.currentTarget.checked)} data-testid="plan-featured" />
            <IntInput
              label={t("sortOrder")}
              description={t("sortOrderHint")}
              min={-10000}
              max={10000}
              allowNegative
              value={v.sortOrder}
              onChange={set("sortOrder")}
              error={fields.sortOrder}
              data-testid="plan-sortOrder"
            />
          </Section>
        </SimpleGrid>

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
      </Stack>
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
