import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requireAdminPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("subscriptions") };
}

export default async function Page() {
  await requireAdminPage();
  const [nav, t] = await Promise.all([getTranslations("adminNav"), getTranslations("adminPlaceholders")]);
  return <PlaceholderPage title={nav("subscriptions")} heading={t("heading")} description={t("subscriptions")} testId="placeholder-admin-subscriptions" />;
}
