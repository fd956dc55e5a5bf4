import { SimpleGrid, Stack } from "@mantine/core";
import { IconShoppingBag } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/shell/page-heading";
import { BuyFromUrl } from "@/components/store/buy-from-url";
import { PlanCard } from "@/components/store/plan-card";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { listStorePlans } from "@/server/services/catalog";
import { giftsOffered } from "@/server/services/gifts/offered";
import { getDb } from "@/server/db/client";
import { storeCurrency } from "@/app/store-currency";
import { EmptyState } from "@/components/shell/empty-state";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("store") };
}

export default async function StorePage() {
  await requireUserPage();
  const ctx = await requestCtx();
  const [plans, currency, t, giftable] = await Promise.all([listStorePlans(ctx), storeCurrency(), getTranslations("store.catalog"), giftsOffered(getDb())]);
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      {plans.length === 0 ? (
        <EmptyState icon={<IconShoppingBag size={26} />} title={t("empty")} hint={t("emptyHint")} testId="store-empty" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="store-plans">
            {plans.map((p) => (
              <PlanCard key={p.id} plan={p} currency={currency} giftable={giftable} />
            ))}
          </SimpleGrid>
          {/* ?buy=<planId> opens that plan's buy dialog (e.g. after registering to buy it). */}
          <BuyFromUrl plans={plans.map(({ id, name, kind, pricingMode, trafficGb, minGb, maxGb, durationDays, soldOut }) => ({ id, name, kind, pricingMode, trafficGb, minGb, maxGb, durationDays, soldOut }))} />
        </>
      )}
    </Stack>
  );
}
