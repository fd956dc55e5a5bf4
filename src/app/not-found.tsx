import { getTranslations } from "next-intl/server";
import { NotFoundPanel, notFoundMetadata } from "@/components/errors/not-found-panel";
import { SiteFrame } from "@/components/site/site-frame";
import { siteInfo } from "./site-info";

export const generateMetadata = notFoundMetadata;

export default async function NotFound() {
  const [t, info] = await Promise.all([getTranslations("errors"), siteInfo()]);
  return (
    <SiteFrame siteName={info.siteName}>
      <NotFoundPanel back={{ href: "/", label: t("home"), testId: "not-found-home" }} />
    </SiteFrame>
  );
}
