"use client";
// Renew or add traffic to one subscription: the plan's terms, the days or GB where the plan prices
// by them, a coupon, and the total worked out by the server (previewOrder, nothing reserved) before
// the user orders it now or puts it in the cart.
import { ActionIcon, Alert, Button, Divider, Group, Modal, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { IconTicket, IconX } from "@tabler/icons-react";
import { useTranslations, useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { addExtensionToCartAction, orderExtensionAction, previewExtensionAction, type ExtensionInput } from "@/app/(user)/subscriptions/actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { SummaryRow, type CartPreviewResult } from "@/components/store/cart-view";
import { formatMoney } from "@/components/store/money";
import type { SubscriptionRow } from "./subscriptions-list";

type Kind = "RENEWAL" | "TRAFFIC_TOPUP";
const MAX_DAYS = 3650;
const MAX_GB = 100_000;

/** What the plan charges for this kind of extension, in words. */
function Terms({ sub, kind, currency }: { sub: SubscriptionRow; kind: Kind; currency: string }) {
  const locale = useLocale();
  const t = useTranslations("subscriptions.extend");
  const text =
    kind === "RENEWAL"
      ? sub.renewalMode === "FIXED"
        ? t("renewFixed", { days: sub.durationDays, price: formatMoney(sub.renewalPriceMinor, currency, locale) })
        : t("renewPerDay", { price: formatMoney(sub.renewalPricePerDayMinor, currency, locale) })
      : sub.topupMode === "FIXED"
        ? t("topupFixed", { gb: sub.topupGb, price: formatMoney(sub.topupPriceMinor, currency, locale) })
        : t("topupPerGb", { price: formatMoney(sub.topupPricePerGbMinor, currency, locale) });
  return (
    <Text size="sm" data-testid="extend-terms">
      {text}
    </Text>
  );
}

export function ExtendModal({ sub, kind, currency, onClose }: { sub: SubscriptionRow; kind: Kind; currency: string; onClose: () => void }) {
  const locale = useLocale();
  const t = useTranslations("subscriptions.extend");
  const tc = useTranslations("store.cart");
  const { messageOf, fieldMessages } = useErrorText();
  const router = useRouter();
  const perDay = kind === "RENEWAL" && sub.renewalMode === "PER_DAY";
  const perGb = kind === "TRAFFIC_TOPUP" && sub.topupMode === "PER_GB";
  const [days, setDays] = useState<number | "">(sub.durationDays);
  const [gb, setGb] = useState<number | "">(10);
  const [coupon, setCoupon] = useState("");
  const [applied, setApplied] = useState("");
  const [couponError, setCouponError] = useState<string | null>(null);
  const [preview, setPreview] = useState<CartPreviewResult>(null);
  const [busy, setBusy] = useState<"order" | "cart" | "coupon" | null>(null);

  const amountOk = perDay ? Number.isInteger(days) && (days as number) >= 1 && (days as number) <= MAX_DAYS : perGb ? Number.isInteger(gb) && (gb as number) >= 1 && (gb as number) <= MAX_GB : true;
  const input = (code: string): ExtensionInput => ({
    planId: sub.planId,
    subscriptionId: sub.id,
    kind,
    days: perDay ? Number(days) : undefined,
    trafficGb: perGb ? Number(gb) : undefined,
    couponCode: code || undefined,
  });

  // Re-price whenever the amount or the applied coupon changes (a short pause while typing).
  useEffect(() => {
    if (!amountOk) return;
    let live = true;
    const timer = setTimeout(async () => {
      const r = await previewExtensionAction(input(applied)).catch(() => ({ ok: false as const, error: networkError() }));
      if (live) setPreview(r);
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- input() is rebuilt from these values
  }, [days, gb, applied, amountOk]);

  const applyCoupon = async () => {
    const code = coupon.trim();
    setBusy("coupon");
    const r = await previewExtensionAction(input(code)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) return setCouponError(messageOf(r.error));
    setCouponError(null);
    setApplied(code);
    setPreview(r);
  };
  const dropCoupon = () => {
    setCoupon("");
    setApplied("");
    setCouponError(null);
  };

  const order = async () => {
    setBusy("order");
    const r = await orderExtensionAction(input(applied)).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) {
      setBusy(null);
      if (fieldMessages(r.error).couponCode) return setCouponError(messageOf(r.error));
      return notifyError(messageOf(r.error));
    }
    // Stays busy while the payment page loads.
    router.push(`/orders/${r.data.id}/pay`);
  };
  const addToCart = async () => {
    setBusy("cart");
    const r = await addExtensionToCartAction(input("")).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t("addedToCart"));
    onClose();
  };

  const data = preview?.ok && amountOk ? preview.data : null;
  const title = kind === "RENEWAL" ? t("renewTitle", { name: sub.planName }) : t("topupTitle", { name: sub.planName });
  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={title} centered data-testid="extend-modal">
      <Stack gap="sm">
        <Terms sub={sub} kind={kind} currency={currency} />
        {perDay ? (
          <NumberInput label={t("days")} description={t("daysRange", { max: MAX_DAYS })} value={days} min={1} max={MAX_DAYS} allowDecimal={false} allowNegative={false} onChange={(v) => setDays(typeof v === "number" ? v : "")} error={amountOk ? null : t("daysInvalid", { max: MAX_DAYS })} data-testid="extend-days" />
        ) : null}
        {perGb ? (
          <NumberInput label={t("gb")} description={t("gbRange", { max: MAX_GB })} value={gb} min={1} max={MAX_GB} allowDecimal={false} allowNegative={false} onChange={(v) => setGb(typeof v === "number" ? v : "")} error={amountOk ? null : t("gbInvalid", { max: MAX_GB })} data-testid="extend-gb" />
        ) : null}
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={tc("coupon")}
            placeholder={tc("couponPlaceholder")}
            leftSection={<IconTicket size={16} />}
            value={coupon}
            onChange={(e) => {
              setCoupon(e.currentTarget.value);
              setCouponError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") void applyCoupon();
            }}
            error={couponError}
            maxLength={64}
            autoComplete="off"
            rightSection={
              applied ? (
                <ActionIcon variant="subtle" color="gray" onClick={dropCoupon} aria-label={tc("removeCoupon")}>
                  <IconX size={14} />
                </ActionIcon>
              ) : null
            }
            data-testid="extend-coupon"
          />
          <Button variant="default" mt={25} onClick={applyCoupon} loading={busy === "coupon"} disabled={!amountOk || (busy !== null && busy !== "coupon")} data-testid="extend-coupon-apply">
            {tc("apply")}
          </Button>
        </Group>
        <Divider />
        {preview && !preview.ok ? (
          <Alert color="red" variant="light" role="alert" data-testid="extend-preview-error">
            {messageOf(preview.error)}
          </Alert>
        ) : null}
        {data ? (
          <Stack gap={6} data-testid="extend-summary">
            <SummaryRow label={tc("subtotal")} value={formatMoney(data.subtotalMinor, data.currency, locale)} testId="extend-subtotal" />
            {data.couponDiscountMinor > 0 ? <SummaryRow label={tc("couponDiscount")} value={formatMoney(-data.couponDiscountMinor, data.currency, locale)} testId="extend-coupon-discount" /> : null}
            {data.promotionDiscountMinor > 0 ? <SummaryRow label={tc("promotionDiscount")} value={formatMoney(-data.promotionDiscountMinor, data.currency, locale)} testId="extend-promotion-discount" /> : null}
            <SummaryRow label={tc("total")} value={formatMoney(data.totalMinor, data.currency, locale)} strong testId="extend-total" />
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="default" onClick={addToCart} loading={busy === "cart"} disabled={!amountOk || (busy !== null && busy !== "cart")} data-testid="extend-add-to-cart">
            {t("addToCart")}
          </Button>
          <Button onClick={order} loading={busy === "order"} disabled={!data || (busy !== null && busy !== "order")} data-testid="extend-order">
            {t("orderNow")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
