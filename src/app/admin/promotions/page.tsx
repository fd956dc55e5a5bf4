import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PromotionsManager } from "@/components/admin/catalog/promotions-manager";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listPromotions } from "@/server/services/catalog";
import { storeCurrency } from "@/app/store-currency";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("promotions") };
}

export default async function PromotionsPage() {
  await requireAdminPage("coupons.read");
  const ctx = await requestCtx();
  const [rows, currency, t] = await Promise.all([listPromotions(ctx), storeCurrency(), getTranslations("catalog.promotions")]);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t("title")}</Title>
        <Text size="sm" c="dimmed">
          {t("description")}
        </Text>
      </Stack>
      <PromotionsManager rows={rows} currency={currency} />
    </Stack>
  );
}
