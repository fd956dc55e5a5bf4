"use client";
// The sections of the plan form, each the fields of one concern; they show only the fields that
// apply to the kind and the chosen modes (plan-form.tsx sends only those).
import { Card, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useRangeText } from "@/components/forms/range";
import { IntInput } from "./fields";
import type { Kind, PlanFormApi, Pricing } from "./plan-form-state";

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}

/** Kind, name and description. */
export function PlanBasics({ form }: { form: PlanFormApi }) {
  const t = useTranslations("catalog.planForm");
  const tk = useTranslations("catalog.kind");
  const { v, set, fields, plan, limits } = form;
  return (
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
  );
}

/** Price, traffic and duration. */
export function PlanPricing({ form }: { form: PlanFormApi }) {
  const t = useTranslations("catalog.planForm");
  const tpm = useTranslations("catalog.pricingMode");
  const rangeText = useRangeText();
  const { v, set, fields, money, limits, proxyKind, trial, pricing } = form;
  return (
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
  );
}

/** Stock, per-user and device limits; how the store shows the plan. */
export function PlanLimitsAndStore({ form }: { form: PlanFormApi }) {
  const t = useTranslations("catalog.planForm");
  const tc = useTranslations("catalog.common");
  const tdv = useTranslations("devices.planField");
  const { v, set, fields, plan, proxyKind } = form;
  return (
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
  );
}
