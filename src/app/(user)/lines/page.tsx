import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requireUserPage } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("lines") };
}

export default async function Page() {
  await requireUserPage();
  const [nav, t] = await Promise.all([getTranslations("nav"), getTranslations("placeholders")]);
  return <PlaceholderPage title={nav("lines")} heading={t("lines.heading")} description={t("lines.description")} testId="placeholder-lines" />;
}
