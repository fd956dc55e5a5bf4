import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PromotionsManager } from "@/components/admin/catalog/promotions-manager";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listPromotions } from "@/server/services/catalog";
import { getSettings } from "@/server/services/settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("promotions") };
}

export default async function PromotionsPage() {
  await requireAdminPage();
  const ctx = await requestCtx();
  const [rows, settings, t] = await Promise.all([listPromotions(ctx), getSettings(ctx), getTranslations("catalog.promotions")]);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t("title")}</Title>
        <Text size="sm" c="dimmed">
          {t("description")}
        </Text>
      </Stack>
      <PromotionsManager rows={rows} currency={settings.currency} />
    </Stack>
  );
}
