import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StreamingManager } from "@/components/admin/catalog/streaming-manager";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listStreamingServices } from "@/server/services/catalog";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("streaming") };
}

export default async function StreamingPage() {
  await requireAdminPage("catalog.read");
  const [rows, t] = await Promise.all([listStreamingServices(await requestCtx()), getTranslations("catalog.streaming")]);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t("title")}</Title>
        <Text size="sm" c="dimmed">
          {t("description")}
        </Text>
      </Stack>
      <StreamingManager rows={rows} />
    </Stack>
  );
}
