import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requireUserPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("store") };
}

export default async function Page() {
  await requireUserPage();
  const [nav, t] = await Promise.all([getTranslations("nav"), getTranslations("placeholders")]);
  return <PlaceholderPage title={nav("store")} heading={t("store.heading")} description={t("store.description")} testId="placeholder-store" />;
}
