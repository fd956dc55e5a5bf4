import { SimpleGrid, Stack, Text, ThemeIcon, Card } from "@mantine/core";
import { IconShoppingBag } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/shell/page-heading";
import { PlanCard } from "@/components/store/plan-card";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { listStorePlans } from "@/server/services/catalog";
import { storeCurrency } from "@/app/store-currency";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("store") };
}

export default async function StorePage() {
  await requireUserPage();
  const ctx = await requestCtx();
  const [plans, currency, t] = await Promise.all([listStorePlans(ctx), storeCurrency(), getTranslations("store.catalog")]);
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      {plans.length === 0 ? (
        <Card withBorder padding="xl" data-testid="store-empty">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconShoppingBag size={26} />
            </ThemeIcon>
            <Text fw={600}>{t("empty")}</Text>
            <Text size="sm" c="dimmed">
              {t("emptyHint")}
            </Text>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="store-plans">
          {plans.map((p) => (
            <PlanCard key={p.id} plan={p} currency={currency} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
