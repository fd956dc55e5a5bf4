import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiTokensManager } from "@/components/admin/api-tokens/api-tokens-manager";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listApiTokens } from "@/server/services/api-tokens";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminApiTokens"))("title") };
}

export default async function ApiTokensPage() {
  await requireAdminPage("apiTokens.manage");
  const [rows, t] = await Promise.all([listApiTokens(await requestCtx()), getTranslations("adminApiTokens")]);
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <ApiTokensManager rows={rows} />
    </Stack>
  );
}
