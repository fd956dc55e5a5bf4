import { Stack, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { PlanForm } from "@/components/admin/catalog/plan-form";
import { AnchorLink } from "@/components/links";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import type { Ctx } from "@/server/context";
import { isDomainError } from "@/server/errors";
import { getPlanAdmin, listPlanChoices, MAX_DURATION_DAYS, MAX_PLAN_GB, TRIAL_MAX_DAYS } from "@/server/services/catalog";
import { storeCurrency } from "@/app/store-currency";

type Params = Promise<{ id: string }>;

/** The plan, or Next's 404 page for an id that is not one. */
async function loadPlan(ctx: Ctx, id: string) {
  try {
    return await getPlanAdmin(ctx, id);
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") notFound();
    throw err;
  }
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("catalog.plans"))("editTitle") };
}

export default async function EditPlanPage({ params }: { params: Params }) {
  await requireAdminPage("catalog.read");
  const { id } = await params;
  const ctx = await requestCtx();
  const plan = await loadPlan(ctx, id);
  const [choices, currency, t] = await Promise.all([listPlanChoices(ctx), storeCurrency(), getTranslations("catalog.plans")]);
  return (
    <Stack gap="md" maw={960}>
      <AnchorLink href="/admin/plans" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: "middle" }} /> {t("back")}
      </AnchorLink>
      <Title order={2} style={{ overflowWrap: "anywhere" }}>
        {plan.name}
      </Title>
      {/* Keyed by the saved row, so a save (router.refresh) starts the form from what was stored. */}
      <PlanForm key={plan.updatedAt.toISOString()} plan={plan} choices={choices} currency={currency} limits={{ trialMaxDays: TRIAL_MAX_DAYS, maxDays: MAX_DURATION_DAYS, maxGb: MAX_PLAN_GB }} />
    </Stack>
  );
}
