import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/shell/page-heading";
import { CartView, type CartPreviewResult } from "@/components/store/cart-view";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { isDomainError } from "@/server/errors";
import { listCart } from "@/server/services/orders";
import { previewCart } from "./preview";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("store.cart"))("title") };
}

export default async function CartPage() {
  await requireUserPage();
  const ctx = await requestCtx();
  const [items, t] = await Promise.all([listCart(ctx), getTranslations("store.cart")]);
  // The total before paying; a line that can no longer be bought is reported, not a broken page.
  let preview: CartPreviewResult = null;
  if (items.length) {
    try {
      const data = await previewCart(ctx);
      preview = data ? { ok: true, data } : null;
    } catch (err) {
      if (!isDomainError(err)) throw err;
      preview = { ok: false, error: { code: err.code, message: err.message, details: err.details } };
    }
  }
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <CartView items={items.map((i) => ({ id: i.id, planName: i.planName, kind: i.kind, trafficGb: i.trafficGb, days: i.days }))} initialPreview={preview} />
    </Stack>
  );
}
