"use client";
// One plan of the store (or of the public storefront): what it is, what it costs (live for slider
// plans), how many are left, the lines of its node; and buy now / add to cart, or sign up. Buying
// with a coupon goes through the buy dialog (buy-dialog.tsx).
import { Badge, Button, Card, Group, NumberInput, Slider, Stack, Text, Title } from "@mantine/core";
import { IconGift, IconShoppingCartPlus, IconStarFilled, IconTicket } from "@tabler/icons-react";
import { useTranslations, useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { addToCartAction, buyNowAction } from "@/app/(user)/store/actions";
import { ButtonLink } from "@/components/links";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { RouteBadge } from "@/components/nodes/route-badge";
import { CARRIERS } from "@/components/nodes/meta";
import type { StorePlan } from "@/server/services/catalog/plan-queries";
import { BuyDialog } from "./buy-dialog";
import { formatMoney } from "./money";

const isSlider = (p: StorePlan) => p.pricingMode === "SLIDER" && p.kind !== "STREAMING";

function Lines({ plan }: { plan: StorePlan }) {
  const t = useTranslations("store.catalog");
  const tl = useTranslations("lines");
  if (!plan.node) return null;
  const carriers = CARRIERS.filter((c) => plan.node!.lines[c]);
  return (
    <Stack gap={4} data-testid="plan-lines">
      <Text size="xs" c="dimmed">
        {t("node", { name: plan.node.name })}
      </Text>
      {carriers.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t("noLines")}
        </Text>
      ) : (
        <Group gap={6}>
          {carriers.map((c) => (
            <Group key={c} gap={4} wrap="nowrap">
              <Text size="xs">{tl(`carriers.${c}`)}</Text>
              <RouteBadge label={plan.node!.lines[c]!} size="sm" />
            </Group>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** `giftable` (issue 28): the shop sells gifts, so the card offers "Buy as a gift" (the buy dialog with its gift switch on). */
export function PlanCard({ plan, currency, visitor = false, giftable = false }: { plan: StorePlan; currency: string; visitor?: boolean; giftable?: boolean }) {
  const locale = useLocale();
  const t = useTranslations("store.catalog");
  const ts = useTranslations("store.storefront");
  const { messageOf } = useErrorText();
  const router = useRouter();
  const slider = isSlider(plan);
  const [gb, setGb] = useState(plan.minGb);
  const [busy, setBusy] = useState<"buy" | "cart" | null>(null);
  const [couponDialog, setCouponDialog] = useState(false);
  const [asGift, setAsGift] = useState(false);
  const titleId = useId();
  const tp = useTranslations("payPage");
  const tg = useTranslations("gifts.buy");
  const gbOk = !slider || (Number.isInteger(gb) && gb >= plan.minGb && gb <= plan.maxGb);
  const priceMinor = slider ? plan.pricePerGbMinor * (gbOk ? gb : plan.minGb) : plan.priceMinor;
  const free = !slider && plan.priceMinor === 0;
  const trafficGb = slider ? gb : plan.trafficGb;
  const input = { planId: plan.id, trafficGb: slider ? gb : undefined };

  const buy = async () => {
    setBusy("buy");
    const r = await buyNowAction(input).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) {
      setBusy(null);
      return notifyError(messageOf(r.error));
    }
    // Stays busy while the payment page loads.
    router.push(`/orders/${r.data.id}/pay`);
  };
  const addToCart = async () => {
    setBusy("cart");
    const r = await addToCartAction(input).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t("added"));
  };

  return (
    // A named group: each card's "Buy now" and "Add to cart" is announced with the plan it buys.
    <Card withBorder padding="lg" radius="md" role="group" aria-labelledby={titleId} data-testid="plan-card" data-plan-name={plan.name} style={plan.featured ? { borderColor: "var(--mantine-color-blue-filled)" } : undefined}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h4" id={titleId} style={{ overflowWrap: "anywhere" }} data-testid="plan-name">
            {plan.name}
          </Title>
          <Group gap={4} wrap="nowrap">
            {plan.featured ? (
              <Badge color="blue" variant="filled" leftSection={<IconStarFilled size={10} />} data-testid="plan-featured">
                {t("featured")}
              </Badge>
            ) : null}
            {plan.kind === "TRIAL" ? (
              <Badge color="teal" variant="light" data-testid="plan-trial">
                {t("trial")}
              </Badge>
            ) : null}
          </Group>
        </Group>
        {plan.description ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line" }}>
            {plan.description}
          </Text>
        ) : null}
        <Group gap="xs" align="baseline">
          <Text fz={28} fw={700} lh={1.1} data-testid="plan-price">
            {free ? t("free") : formatMoney(priceMinor, currency, locale)}
          </Text>
          {slider ? (
            <Text size="sm" c="dimmed">
              {t("perGb", { price: formatMoney(plan.pricePerGbMinor, currency, locale) })}
            </Text>
          ) : null}
        </Group>
        <Group gap="xs">
          {plan.kind !== "STREAMING" ? <Badge variant="light" color="gray" tt="none">{t("traffic", { gb: trafficGb })}</Badge> : null}
          <Badge variant="light" color="gray" tt="none">
            {t("duration", { days: plan.durationDays })}
          </Badge>
          <Badge variant="light" color={plan.soldOut ? "red" : "gray"} tt="none" data-testid="plan-stock">
            {plan.soldOut ? t("soldOut") : plan.remaining === null ? t("stockUnlimited") : t("stockLeft", { count: plan.remaining })}
          </Badge>
        </Group>
        {plan.perUserLimit !== null ? (
          <Text size="xs" c="dimmed">
            {t("perUserLimit", { count: plan.perUserLimit })}
          </Text>
        ) : null}
        {plan.streamingService ? (
          <Text size="xs" c="dimmed">
            {t("streaming", { name: plan.streamingService.name })}
          </Text>
        ) : null}
        <Lines plan={plan} />
        {slider && !visitor ? (
          <Stack gap={6}>
            <NumberInput
              label={t("gbLabel")}
              description={t("gbRange", { min: plan.minGb, max: plan.maxGb })}
              value={gb}
              min={plan.minGb}
              max={plan.maxGb}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="blur"
              onChange={(v) => setGb(typeof v === "number" ? v : Number(v) || plan.minGb)}
              data-testid="plan-gb-input"
            />
            <Slider value={gbOk ? gb : plan.minGb} min={plan.minGb} max={plan.maxGb} step={1} onChange={setGb} label={(v) => `${v} GB`} aria-label={t("gbLabel")} mb="xs" />
          </Stack>
        ) : null}
        <Group mt="auto" pt="xs" gap="xs" grow wrap="wrap">
          {visitor ? (
            <ButtonLink href={`/register?next=${encodeURIComponent(`/store?buy=${plan.id}`)}`} data-testid="plan-sign-up">
              {ts("signUpToBuy")}
            </ButtonLink>
          ) : (
            <>
              <Button onClick={buy} loading={busy === "buy"} disabled={plan.soldOut || !gbOk || busy !== null} data-testid="buy-now">
                {t("buyNow")}
              </Button>
              {plan.kind !== "TRIAL" ? (
                <Button variant="light" leftSection={<IconShoppingCartPlus size={16} />} onClick={addToCart} loading={busy === "cart"} disabled={plan.soldOut || !gbOk || busy !== null} data-testid="add-to-cart">
                  {t("addToCart")}
                </Button>
              ) : null}
            </>
          )}
        </Group>
        {!visitor && plan.kind !== "TRIAL" && !free ? (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconTicket size={14} />}
              onClick={() => {
                setAsGift(false);
                setCouponDialog(true);
              }}
              disabled={plan.soldOut || !gbOk || busy !== null}
              aria-label={tp("haveCouponLabel", { plan: plan.name })}
              data-testid="buy-with-coupon"
            >
              {tp("haveCoupon")}
            </Button>
            {giftable ? (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconGift size={14} />}
                onClick={() => {
                  setAsGift(true);
                  setCouponDialog(true);
                }}
                disabled={plan.soldOut || !gbOk || busy !== null}
                aria-label={tg("asGiftLabel", { plan: plan.name })}
                data-testid="buy-as-gift"
              >
                {tg("asGift")}
              </Button>
            ) : null}
            <BuyDialog plan={plan} opened={couponDialog} onClose={() => setCouponDialog(false)} initialGb={slider ? gb : undefined} giftable={giftable} initialGift={asGift} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
