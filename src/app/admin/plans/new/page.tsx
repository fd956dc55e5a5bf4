import { Stack, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlanForm } from "@/components/admin/catalog/plan-form";
import { AnchorLink } from "@/components/links";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listPlanChoices, MAX_DURATION_DAYS, MAX_PLAN_GB, TRIAL_MAX_DAYS } from "@/server/services/catalog";
import { getSettings } from "@/server/services/settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("catalog.plans"))("newTitle") };
}

export default async function NewPlanPage() {
  await requireAdminPage();
  const ctx = await requestCtx();
  const [choices, settings, t] = await Promise.all([listPlanChoices(ctx), getSettings(ctx), getTranslations("catalog.plans")]);
  return (
    <Stack gap="md" maw={960}>
      <AnchorLink href="/admin/plans" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: "middle" }} /> {t("back")}
      </AnchorLink>
      <Title order={2}>{t("newTitle")}</Title>
      <PlanForm choices={choices} currency={settings.currency} limits={{ trialMaxDays: TRIAL_MAX_DAYS, maxDays: MAX_DURATION_DAYS, maxGb: MAX_PLAN_GB }} />
    </Stack>
  );
}
