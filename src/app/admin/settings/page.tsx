import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SettingsForm } from "@/components/admin/settings/settings-form";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { getAppInfo, getSettings } from "@/server/services/settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("settings") };
}

export default async function SettingsPage() {
  const me = await requireAdminPage("settings.read");
  const [settings, t, info] = await Promise.all([getSettings(await requestCtx()), getTranslations("adminSettings"), getAppInfo(getDb())]);
  return (
    <Stack gap="md" maw={1000}>
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <SettingsForm settings={settings} adminEmail={me.email} wallet={info.edition === "wallet"} />
    </Stack>
  );
}
