import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorPanel } from "@/components/errors/error-panel";
import { ButtonLink } from "@/components/links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors"))("notFoundTitle") };
}

export default async function NotFound() {
  const t = await getTranslations("errors");
  return (
    <ErrorPanel
      code="404"
      title={t("notFoundTitle")}
      message={t("notFoundMessage")}
      actions={
        <ButtonLink href="/">
          {t("home")}
        </ButtonLink>
      }
    />
  );
}
