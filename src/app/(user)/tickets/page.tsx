import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requireUserPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("tickets") };
}

export default async function Page() {
  await requireUserPage();
  const [nav, t] = await Promise.all([getTranslations("nav"), getTranslations("placeholders")]);
  return <PlaceholderPage title={nav("tickets")} heading={t("tickets.heading")} description={t("tickets.description")} testId="placeholder-tickets" />;
}
