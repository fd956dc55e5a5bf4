import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiReference } from "@/components/admin/api-reference/api-reference";
import { requireAdminPage } from "@/server/auth/session";
import { openApiDocument, referenceGroups } from "@/server/openapi";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("api") };
}

/**
 * The OpenAPI document for people. The JSON itself is public (see src/app/api/openapi.json); this
 * page is in the admin area because it is an operator's tool, next to the settings it explains.
 */
export default async function ApiReferencePage() {
  await requireAdminPage("apiTokens.manage");
  const t = await getTranslations("adminApi");
  return (
    <Stack gap="md">
      <Title order={2}>{t("title")}</Title>
      <Text size="sm" c="dimmed">
        {t("intro")}
      </Text>
      <Text size="sm" c="dimmed">
        {t("errorBody", { shape: `{ "error": { "code", "message", "details" } }` })}
      </Text>
      <ApiReference groups={referenceGroups(openApiDocument())} />
    </Stack>
  );
}
