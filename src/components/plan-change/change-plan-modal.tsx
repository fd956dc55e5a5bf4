"use client";
// "Change plan" on the owner's subscription page (issue 28 item 2): the plans it may move to, the
// arithmetic of the chosen one worked out by the server (previewPlanChange: the credit for the unused
// period, the new price, what is due and the credit left over), then the order, which opens on its
// payment page (a change with nothing due is paid at once and the page says so).
import { Alert, Button, Card, Group, Loader, Modal, Radio, Stack, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { orderPlanChange, planChangeOptions, previewPlanChange } from "@/app/(user)/subscriptions/actions";
import { notifyError } from "@/components/forms/notify";
import { networkError, useErrorText, type UiError } from "@/components/forms/server-error";
import { ButtonLink } from "@/components/links";
import { formatMoney } from "@/components/store/money";
import { formatGb } from "@/i18n/format";
import type { PlanChangeOptions } from "@/server/services/plan-change/preview";
import type { PlanChangeQuote } from "@/server/services/plan-change/quote";
import { figuresOfQuote } from "./figures";
import { PlanChangeRows } from "./plan-change-rows";

type Loaded<T> = { ok: true; data: T } | { ok: false; error: UiError } | null;

export function ChangePlanModal({ subscriptionId, planName, onClose }: { subscriptionId: string; planName: string; onClose: () => void }) {
  const t = useTranslations("planChange");
  const locale = useLocale();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [options, setOptions] = useState<Loaded<PlanChangeOptions>>(null);
  const [planId, setPlanId] = useState<string | null>(null);
  // The answer for the plan it was asked for: a newer choice shows "working it out" until its own arrives.
  const [asked, setAsked] = useState<{ planId: string; result: Loaded<PlanChangeQuote> } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    planChangeOptions(subscriptionId)
      .catch(() => ({ ok: false as const, error: networkError() }))
      .then((r) => live && setOptions(r));
    return () => {
      live = false;
    };
  }, [subscriptionId]);

  // The arithmetic of the chosen plan, asked again whenever the choice changes.
  useEffect(() => {
    if (!planId) return;
    let live = true;
    previewPlanChange(subscriptionId, planId)
      .catch(() => ({ ok: false as const, error: networkError() }))
      .then((r) => live && setAsked({ planId, result: r }));
    return () => {
      live = false;
    };
  }, [subscriptionId, planId]);

  const order = async () => {
    if (!planId) return;
    setBusy(true);
    const r = await orderPlanChange(subscriptionId, planId).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) {
      setBusy(false);
      return notifyError(messageOf(r.error));
    }
    // Stays busy while the payment page loads.
    router.push(`/orders/${r.data.id}/pay`);
  };

  const data = options?.ok ? options.data : null;
  const quote = asked && asked.planId === planId ? asked.result : null;
  const q = quote?.ok ? quote.data : null;
  const money = (m: number) => formatMoney(m, data?.currency ?? q?.currency ?? "CNY", locale);
  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={t("dialogTitle", { name: planName })} centered size="lg" closeButtonProps={{ "aria-label": t("close") }} data-testid="plan-change-modal">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("intro")}
        </Text>
        {options === null ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t("loading")}
            </Text>
          </Group>
        ) : null}
        {options && !options.ok ? (
          <Alert color="red" variant="light" role="alert" data-testid="plan-change-error">
            {messageOf(options.error)}
          </Alert>
        ) : null}
        {data?.openChange ? (
          <Alert color="yellow" variant="light" data-testid="plan-change-open">
            <Stack gap={6} align="flex-start">
              <Text size="sm">{t("openChange", { plan: data.openChange.planName, orderNo: data.openChange.orderNo })}</Text>
              <ButtonLink href={`/orders/${data.openChange.orderId}/pay`} size="compact-sm" variant="light" data-testid="plan-change-open-pay">
                {t("payOpen")}
              </ButtonLink>
            </Stack>
          </Alert>
        ) : null}
        {data && data.plans.length === 0 ? (
          <Text size="sm" data-testid="plan-change-none">
            {t("noPlans")}
          </Text>
        ) : null}
        {data && data.plans.length > 0 ? (
          <Radio.Group value={planId} onChange={setPlanId} label={t("choose")} data-testid="plan-change-plans">
            <Stack gap="xs" mt={6}>
              {data.plans.map((p) => (
                <Radio.Card key={p.planId} value={p.planId} disabled={p.soldOut} radius="md" p="sm" data-testid="plan-change-plan" data-plan-name={p.name} aria-label={p.name}>
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator disabled={p.soldOut} />
                    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                      <Group justify="space-between" gap="xs" wrap="wrap">
                        <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                          {p.name}
                        </Text>
                        {p.soldOut ? (
                          <Text size="xs" c="red">
                            {t("soldOut")}
                          </Text>
                        ) : null}
                      </Group>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                        {[p.nodeName, t("choiceTerms", { traffic: p.trafficGb > 0 ? formatGb(p.trafficGb) : t("unlimited"), days: p.durationDays, price: money(p.priceMinor) })].filter(Boolean).join(" · ")}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {planId ? (
          <Card withBorder padding="sm" radius="md" data-testid="plan-change-preview">
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {t("previewTitle")}
              </Text>
              {quote === null ? (
                <Group gap="xs">
                  <Loader size="xs" />
                  <Text size="sm" c="dimmed">
                    {t("computing")}
                  </Text>
                </Group>
              ) : quote.ok ? (
                q ? <PlanChangeRows figures={figuresOfQuote(q)} /> : null
              ) : (
                <Alert color="red" variant="light" role="alert" data-testid="plan-change-preview-error">
                  {messageOf(quote.error)}
                </Alert>
              )}
            </Stack>
          </Card>
        ) : null}
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="default" onClick={onClose} disabled={busy} data-testid="plan-change-keep">
            {t("cancel")}
          </Button>
          <Button onClick={order} loading={busy} disabled={!q} data-testid="plan-change-submit">
            {q && q.dueMinor === 0 ? t("submitFree") : t("submit", { amount: q ? money(q.dueMinor) : "" })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
