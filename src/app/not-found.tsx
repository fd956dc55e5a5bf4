import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorPanel } from "@/components/errors/error-panel";
import { ButtonLink } from "@/components/links";
import { SiteFrame } from "@/components/site/site-frame";
import { siteInfo } from "./site-info";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors"))("notFoundTitle") };
}

export default async function NotFound() {
  const [t, info] = await Promise.all([getTranslations("errors"), siteInfo()]);
  return (
    <SiteFrame siteName={info.siteName}>
      <ErrorPanel
        code="404"
        title={t("notFoundTitle")}
        message={t("notFoundMessage")}
        actions={
          <ButtonLink href="/" data-testid="not-found-home">
            {t("home")}
          </ButtonLink>
        }
      />
    </SiteFrame>
  );
}
