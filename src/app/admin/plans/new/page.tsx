import { Stack, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlanForm } from "@/components/admin/catalog/plan-form";
import { AnchorLink } from "@/components/links";
import { forbidden } from "next/navigation";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { hasPermission } from "@/server/context";
import { listPlanChoices, MAX_DURATION_DAYS, MAX_PLAN_GB, TRIAL_MAX_DAYS } from "@/server/services/catalog";
import { storeCurrency } from "@/app/store-currency";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("catalog.plans"))("newTitle") };
}

export default async function NewPlanPage() {
  await requireAdminPage("catalog.read");
  const ctx = await requestCtx();
  // Creating is all this page does: a role that may only read the catalogue gets the 403 page.
  if (!hasPermission(ctx, "catalog.write")) forbidden();
  const [choices, currency, t] = await Promise.all([listPlanChoices(ctx), storeCurrency(), getTranslations("catalog.plans")]);
  return (
    <Stack gap="md" maw={960}>
      <AnchorLink href="/admin/plans" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: "middle" }} /> {t("back")}
      </AnchorLink>
      <Title order={2}>{t("newTitle")}</Title>
      <PlanForm choices={choices} currency={currency} limits={{ trialMaxDays: TRIAL_MAX_DAYS, maxDays: MAX_DURATION_DAYS, maxGb: MAX_PLAN_GB }} />
    </Stack>
  );
}
