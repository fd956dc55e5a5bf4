"use client";
// The plan form's sections that change most with the kind: what the plan sells (a node's inbounds
// or a streaming service), and the renewal and top-up modes.
import { Checkbox, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { IntInput } from "./fields";
import { Section } from "./plan-form-sections";
import type { PlanFormApi, Renewal, Topup, TrafficReset } from "./plan-form-state";

/** The node and its inbounds, or the streaming service. */
export function PlanTarget({ form }: { form: PlanFormApi }) {
  const t = useTranslations("catalog.planForm");
  const { v, set, setV, fields, choices, proxyKind, node } = form;
  return (
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
  );
}

/** Renewal and top-up (not for a trial). */
export function PlanExtras({ form }: { form: PlanFormApi }) {
  const t = useTranslations("catalog.planForm");
  const trm = useTranslations("catalog.renewalMode");
  const ttm = useTranslations("catalog.topupMode");
  const trs = useTranslations("catalog.trafficResetStrategy");
  const { v, set, fields, money, limits, trial, renewal, topup } = form;
  return trial ? (
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
    );
}
