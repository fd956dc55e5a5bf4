"use client";
// The cart: its lines with their prices, remove and empty, a coupon priced before paying (the
// preview reserves nothing), the total, and check out into one order, then its payment page.
import { ActionIcon, Alert, Button, Card, Divider, Group, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconShoppingCart, IconTicket, IconTrash, IconX } from "@tabler/icons-react";
import { useTranslations, useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { checkoutCartAction, clearCartAction, previewCartAction, removeFromCartAction } from "@/app/(user)/cart/actions";
import { ButtonLink } from "@/components/links";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText, type UiError } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import type { OrderKind } from "@/server/db/schema/commerce";
import type { OrderPreview } from "@/server/services/orders/preview-order";
import { formatMoney } from "./money";
import { EmptyState } from "@/components/shell/empty-state";

export type CartPreviewResult = { ok: true; data: OrderPreview } | { ok: false; error: UiError } | null;

export interface CartLine {
  id: string;
  planName: string;
  kind: OrderKind;
  trafficGb: number;
  days: number;
}

export function SummaryRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? "md" : "sm"} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? "lg" : "sm"} fw={strong ? 700 : undefined} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

export function CartView({ items, initialPreview }: { items: CartLine[]; initialPreview: CartPreviewResult }) {
  const locale = useLocale();
  const t = useTranslations("store.cart");
  const tk = useTranslations("store.kind");
  const tc = useTranslations("store.catalog");
  const { messageOf, fieldMessages } = useErrorText();
  const router = useRouter();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [preview, setPreview] = useState<CartPreviewResult>(initialPreview);
  const [coupon, setCoupon] = useState("");
  const [applied, setApplied] = useState("");
  const [couponError, setCouponError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);

  const refresh = async (code: string) => {
    const r = await previewCartAction(code).catch(() => ({ ok: false as const, error: networkError() }));
    if (r.ok) setPreview(r.data ? { ok: true, data: r.data } : null);
    return r;
  };

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    setBusy("coupon");
    const r = await refresh(coupon.trim());
    setBusy(null);
    if (!r.ok) {
      // The reason ("no such coupon", "minimum spend ..."), not the bare field code.
      setCouponError(messageOf(r.error));
      focusInvalid();
      return;
    }
    setCouponError(null);
    setApplied(coupon.trim());
    if (coupon.trim()) notifySuccess(t("couponApplied", { code: r.data?.couponCode ?? coupon.trim() }));
  };

  const dropCoupon = async () => {
    setBusy("coupon");
    setCoupon("");
    setApplied("");
    setCouponError(null);
    await refresh("");
    setBusy(null);
  };

  const remove = async (id: string) => {
    setBusy(`remove-${id}`);
    const r = await removeFromCartAction(id).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) {
      setBusy(null);
      return notifyError(messageOf(r.error));
    }
    const p = await refresh(applied);
    // The coupon may no longer fit what is left: price without it, and say why.
    if (!p.ok && applied) {
      setCouponError(messageOf(p.error));
      setApplied("");
      await refresh("");
    }
    setBusy(null);
    notifySuccess(t("removed"));
  };

  const clear = async () => {
    setBusy("clear");
    const r = await clearCartAction().catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) return notifyError(messageOf(r.error));
    setConfirmClear(false);
    setPreview(null);
    notifySuccess(t("cleared"));
  };

  const checkout = async () => {
    setBusy("checkout");
    const r = await checkoutCartAction(applied).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) {
      setBusy(null);
      if (fieldMessages(r.error).couponCode) {
        setCouponError(messageOf(r.error));
        focusInvalid();
      } else notifyError(messageOf(r.error));
      return;
    }
    router.push(`/orders/${r.data.id}/pay`);
  };

  if (items.length === 0) {
    return (
      <EmptyState icon={<IconShoppingCart size={26} />} title={t("empty")} hint={t("emptyHint")} testId="cart-empty">
      <ButtonLink href="/store" mt="xs">
        {t("browse")}
      </ButtonLink>
      </EmptyState>
    );
  }

  const data = preview?.ok ? preview.data : null;
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          {items.map((item, i) => {
            const line = data?.lines[i];
            return (
              <Group key={item.id} justify="space-between" wrap="nowrap" gap="sm" align="flex-start" data-testid="cart-line">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                    {item.planName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[tk(item.kind), line?.trafficGb ? tc("traffic", { gb: line.trafficGb }) : null, line?.durationDays ? tc("duration", { days: line.durationDays }) : null].filter(Boolean).join(" · ")}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600} data-testid="cart-line-amount">
                    {line ? formatMoney(line.amountMinor, data!.currency, locale) : ""}
                  </Text>
                  <Tooltip label={t("remove")}>
                    <ActionIcon variant="subtle" color="red" onClick={() => remove(item.id)} loading={busy === `remove-${item.id}`} disabled={busy !== null && busy !== `remove-${item.id}`} aria-label={t("removeLabel", { name: item.planName })} data-testid="cart-remove">
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            );
          })}
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="xs" onClick={() => setConfirmClear(true)} disabled={busy !== null} data-testid="cart-clear">
              {t("clear")}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <form ref={ref} onSubmit={apply} noValidate>
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t("coupon")}
                placeholder={t("couponPlaceholder")}
                leftSection={<IconTicket size={16} />}
                value={coupon}
                onChange={(e) => {
                  setCoupon(e.currentTarget.value);
                  setCouponError(null);
                }}
                error={couponError}
                maxLength={64}
                autoComplete="off"
                rightSection={
                  applied ? (
                    <ActionIcon variant="subtle" color="gray" onClick={dropCoupon} aria-label={t("removeCoupon")} data-testid="coupon-remove">
                      <IconX size={14} />
                    </ActionIcon>
                  ) : null
                }
                data-testid="coupon-input"
              />
              <Button type="submit" variant="default" mt={25} loading={busy === "coupon"} disabled={busy !== null && busy !== "coupon"} data-testid="coupon-apply">
                {t("apply")}
              </Button>
            </Group>
          </form>
          <Divider />
          <Text fw={600}>{t("summary")}</Text>
          {preview && !preview.ok ? (
            <Alert color="red" variant="light" role="alert" data-testid="cart-preview-error">
              {t("previewFailed", { message: messageOf(preview.error) })}
            </Alert>
          ) : null}
          {data ? (
            <Stack gap={6} data-testid="cart-summary">
              <SummaryRow label={t("subtotal")} value={formatMoney(data.subtotalMinor, data.currency, locale)} testId="cart-subtotal" />
              {data.couponDiscountMinor > 0 ? <SummaryRow label={t("couponDiscount")} value={formatMoney(-data.couponDiscountMinor, data.currency, locale)} testId="cart-coupon-discount" /> : null}
              {data.promotionDiscountMinor > 0 ? <SummaryRow label={t("promotionDiscount")} value={formatMoney(-data.promotionDiscountMinor, data.currency, locale)} testId="cart-promotion-discount" /> : null}
              <Divider variant="dashed" />
              <SummaryRow label={t("total")} value={formatMoney(data.totalMinor, data.currency, locale)} strong testId="cart-total" />
              {data.totalMinor === 0 ? (
                <Text size="xs" c="dimmed">
                  {t("freeNote")}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          <Button size="md" onClick={checkout} loading={busy === "checkout"} disabled={(busy !== null && busy !== "checkout") || !data} data-testid="cart-checkout">
            {t("checkout")}
          </Button>
        </Stack>
      </Card>

      <ConfirmModal opened={confirmClear} title={t("clearTitle")} confirmLabel={t("clear")} busy={busy === "clear"} error={null} onConfirm={clear} onClose={() => setConfirmClear(false)} testId="cart-clear-modal">
        {t("clearBody")}
      </ConfirmModal>
    </Stack>
  );
}
