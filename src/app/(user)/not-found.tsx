import { getTranslations } from "next-intl/server";
import { NotFoundPanel, notFoundMetadata } from "@/components/errors/not-found-panel";

export const generateMetadata = notFoundMetadata;

/**
 * A 404 inside the user area (a page that called notFound(): someone else's order, a ticket that
 * is gone): drawn in the user layout, so there is one header. Unknown addresses outside every area
 * keep the site's own 404 (app/not-found.tsx): the user area has no prefix of its own to claim them.
 */
export default async function UserNotFound() {
  const t = await getTranslations("live.notFound");
  return <NotFoundPanel back={{ href: "/dashboard", label: t("backToDashboard"), testId: "not-found-back" }} />;
}
