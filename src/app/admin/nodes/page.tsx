import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requireAdminPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("nodes") };
}

export default async function Page() {
  await requireAdminPage();
  const [nav, t] = await Promise.all([getTranslations("adminNav"), getTranslations("adminPlaceholders")]);
  return <PlaceholderPage title={nav("nodes")} heading={t("heading")} description={t("nodes")} testId="placeholder-admin-nodes" />;
}
