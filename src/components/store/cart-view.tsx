"use client";
// The cart: its lines with their prices, remove and empty, a coupon priced before paying (the
// preview reserves nothing), the total, and check out into one order, then its payment page.
import { ActionIcon, Alert, Button, Card, Divider, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconShoppingCart, IconTrash } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
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
import { CouponField, useCouponState } from "./coupon-field";
import { formatMoney } from "./money";
import { PreviewTotals, SummaryRow } from "./preview-totals";
import { EmptyState } from "@/components/shell/empty-state";

export type CartPreviewResult = { ok: true; data: OrderPreview } | { ok: false; error: UiError } | null;

export interface CartLine {
  id: string;
  planName: string;
  kind: OrderKind;
  trafficGb: number;
  days: number;
}

// The subscription page's extend dialog reads it from here.
export { SummaryRow };

export function CartView({ items, initialPreview }: { items: CartLine[]; initialPreview: CartPreviewResult }) {
  const locale = useLocale();
  const t = useTranslations("store.cart");
  const tk = useTranslations("store.kind");
  const tc = useTranslations("store.catalog");
  const { messageOf, fieldMessages } = useErrorText();
  const router = useRouter();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [preview, setPreview] = useState<CartPreviewResult>(initialPreview);
  const couponState = useCouponState();
  const { applied, setApplied, setError: setCouponError } = couponState;
  const coupon = couponState.value;
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);

  const refresh = async (code: string) => {
    const r = await previewCartAction(code).catch(() => ({ ok: false as const, error: networkError() }));
    if (r.ok) setPreview(r.data ? { ok: true, data: r.data } : null);
    return r;
  };

  const apply = async (e?: FormEvent) => {
    e?.preventDefault();
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
    couponState.clear();
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
            <CouponField {...couponState.field} onApply={() => void apply()} onRemove={dropCoupon} busy={busy === "coupon"} disabled={busy !== null && busy !== "coupon"} testIdPrefix="coupon" />
          </form>
          <Divider />
          <Text fw={600}>{t("summary")}</Text>
          {preview && !preview.ok ? (
            <Alert color="red" variant="light" role="alert" data-testid="cart-preview-error">
              {t("previewFailed", { message: messageOf(preview.error) })}
            </Alert>
          ) : null}
          {data ? (
            <PreviewTotals data={data} prefix="cart">
              {data.totalMinor === 0 ? (
                <Text size="xs" c="dimmed">
                  {t("freeNote")}
                </Text>
              ) : null}
            </PreviewTotals>
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
