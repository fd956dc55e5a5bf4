"use client";
// Buy now with a coupon (issue 24 item 2): the plan's traffic (chosen here for a slider plan) and
// days, a coupon code, and the price the server works out (previewOrder: coupon and best promotion,
// nothing reserved), then the order and its payment page. The same choices again while that order
// is unpaid bring it back (the order service reuses it). Opened from a plan card, or by a page that
// wants a plan's purchase to start at once (e.g. after registering to buy it).
import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { buyNowAction, previewBuyNowAction } from "@/app/(user)/store/actions";
import { notifyError } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { GiftFields, useGiftState } from "@/components/gifts/gift-fields";
import type { StorePlan } from "@/server/services/catalog/plan-queries";
import type { CartPreviewResult } from "./cart-view";
import { CouponField, useCouponState } from "./coupon-field";
import { PreviewTotals } from "./preview-totals";

/** What the dialog needs of a plan: a store plan fits. */
export type BuyablePlan = Pick<StorePlan, "id" | "name" | "kind" | "pricingMode" | "trafficGb" | "minGb" | "maxGb" | "durationDays" | "soldOut">;

export interface BuyDialogProps {
  /** The plan to buy; null (or `opened` false) keeps the dialog closed. */
  plan: BuyablePlan | null;
  opened: boolean;
  onClose: () => void;
  /** A slider plan's traffic to start with (the card's choice); the plan's minimum otherwise. */
  initialGb?: number;
  /** Issue 28: the shop sells gifts, so the dialog offers "This is a gift" (on at first with `initialGift`). */
  giftable?: boolean;
  initialGift?: boolean;
}

const isSlider = (p: BuyablePlan) => p.pricingMode === "SLIDER" && p.kind !== "STREAMING";

function BuyBody({ plan, initialGb, onClose, giftable = false, initialGift = false }: { plan: BuyablePlan; initialGb?: number; onClose: () => void; giftable?: boolean; initialGift?: boolean }) {
  const t = useTranslations("payPage");
  const tc = useTranslations("store.catalog");
  const { messageOf, fieldMessages } = useErrorText();
  const router = useRouter();
  const slider = isSlider(plan);
  const [gb, setGb] = useState<number | "">(slider ? (initialGb ?? plan.minGb) : plan.trafficGb);
  const coupon = useCouponState();
  const gift = useGiftState(giftable && initialGift);
  const applied = coupon.applied;
  const [preview, setPreview] = useState<CartPreviewResult>(null);
  const [busy, setBusy] = useState<"coupon" | "order" | null>(null);
  const gbOk = !slider || (Number.isInteger(gb) && (gb as number) >= plan.minGb && (gb as number) <= plan.maxGb);
  const input = (code: string) => ({ planId: plan.id, trafficGb: slider ? Number(gb) : undefined, couponCode: code || undefined });

  // Priced on open and again when the traffic or the applied coupon changes (a short pause while typing).
  useEffect(() => {
    if (!gbOk) return;
    let live = true;
    const timer = setTimeout(async () => {
      const r = await previewBuyNowAction(input(applied)).catch(() => ({ ok: false as const, error: networkError() }));
      if (live) setPreview(r);
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- input() is rebuilt from these values
  }, [gb, applied, gbOk]);

  const applyCoupon = async () => {
    const code = coupon.value.trim();
    setBusy("coupon");
    const r = await previewBuyNowAction(input(code)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    // The reason ("no such coupon", "minimum spend ..."), not the bare field code.
    if (!r.ok) return coupon.setError(messageOf(r.error));
    coupon.setError(null);
    coupon.setApplied(code);
    // The discount line that appears says it applied (no toast over the dialog).
    setPreview(r);
  };

  const buy = async () => {
    setBusy("order");
    const r = await buyNowAction({ ...input(applied), giftEmail: gift.giftEmail }).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) {
      setBusy(null);
      if (fieldMessages(r.error).couponCode) return coupon.setError(messageOf(r.error));
      if (fieldMessages(r.error).giftEmail) return gift.setError(messageOf(r.error));
      return notifyError(messageOf(r.error));
    }
    // Stays busy while the payment page loads.
    router.push(`/orders/${r.data.id}/pay`);
  };

  const data = preview?.ok && gbOk ? preview.data : null;
  return (
    <Stack gap="sm" data-testid="buy-dialog" data-plan-id={plan.id}>
      <Text size="sm" c="dimmed" data-testid="buy-terms">
        {[plan.kind !== "STREAMING" && !slider ? t("traffic", { gb: plan.trafficGb }) : null, t("days", { days: plan.durationDays })].filter(Boolean).join(" · ")}
      </Text>
      {slider ? (
        <NumberInput
          label={tc("gbLabel")}
          description={tc("gbRange", { min: plan.minGb, max: plan.maxGb })}
          value={gb}
          min={plan.minGb}
          max={plan.maxGb}
          allowDecimal={false}
          allowNegative={false}
          onChange={(v) => setGb(typeof v === "number" ? v : "")}
          error={gbOk ? null : tc("gbRange", { min: plan.minGb, max: plan.maxGb })}
          data-testid="buy-gb"
        />
      ) : null}
      {giftable && plan.kind !== "TRIAL" ? <GiftFields state={gift} disabled={busy === "order"} /> : null}
      <CouponField {...coupon.field} onApply={() => void applyCoupon()} onRemove={coupon.clear} busy={busy === "coupon"} disabled={!gbOk || (busy !== null && busy !== "coupon")} testIdPrefix="buy-coupon" />
      {preview && !preview.ok ? (
        <Alert color="red" variant="light" role="alert" data-testid="buy-preview-error">
          {t("previewFailed", { message: messageOf(preview.error) })}
        </Alert>
      ) : null}
      {data ? (
        <PreviewTotals data={data} prefix="buy" />
      ) : gbOk && !preview ? (
        <Group gap="xs" data-testid="buy-pricing">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t("pricing")}
          </Text>
        </Group>
      ) : null}
      <Group justify="flex-end" gap="xs" wrap="wrap">
        <Button variant="default" onClick={onClose} disabled={busy === "order"}>
          {t("keepShopping")}
        </Button>
        <Button onClick={buy} loading={busy === "order"} disabled={!data || plan.soldOut || !gift.ready || (busy !== null && busy !== "order")} data-testid="buy-dialog-submit">
          {t("placeOrder")}
        </Button>
      </Group>
    </Stack>
  );
}

/** `<BuyDialog plan={plan} opened={open} onClose={...} initialGb={gb} />`: its body starts fresh each time it opens. */
export function BuyDialog({ plan, opened, onClose, initialGb, giftable, initialGift }: BuyDialogProps) {
  const t = useTranslations("payPage");
  return (
    <Modal opened={opened && !!plan} onClose={onClose} title={plan ? t("buyTitle", { plan: plan.name }) : ""} centered closeButtonProps={{ "aria-label": t("close") }}>
      {opened && plan ? <BuyBody key={plan.id} plan={plan} initialGb={initialGb} onClose={onClose} giftable={giftable} initialGift={initialGift} /> : null}
    </Modal>
  );
}
