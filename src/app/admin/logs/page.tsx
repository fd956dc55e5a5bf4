import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requireAdminPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("logs") };
}

export default async function Page() {
  await requireAdminPage();
  const [nav, t] = await Promise.all([getTranslations("adminNav"), getTranslations("adminPlaceholders")]);
  return <PlaceholderPage title={nav("logs")} heading={t("heading")} description={t("logs")} testId="placeholder-admin-logs" />;
}
