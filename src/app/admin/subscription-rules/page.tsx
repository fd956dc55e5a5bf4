import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RulesView } from "@/components/admin/subscription-rules/rules-view";
import { RulesWorkbench } from "@/components/admin/subscription-rules/rules-workbench";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { MAX_RULES } from "@/server/services/subscription-content/response-rules";
import { listResponseRules } from "@/server/services/subscription-content/rules-admin";
import { SERVED_FORMATS } from "@/server/services/subscription-content/types";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("subscriptionRules") };
}

export default async function SubscriptionRulesPage() {
  await requireAdminPage("settings.read");
  const [{ rules, custom }, t] = await Promise.all([listResponseRules(await requestCtx()), getTranslations("adminSubscriptionRules")]);
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <RulesWorkbench rules={rules} view={<RulesView rules={rules} custom={custom} />} formats={SERVED_FORMATS} max={MAX_RULES} />
    </Stack>
  );
}
