import { getTranslations } from "next-intl/server";
import { NotFoundPanel, notFoundMetadata } from "@/components/errors/not-found-panel";

export const generateMetadata = notFoundMetadata;

/** A 404 inside the admin area: drawn in the admin layout (its header and menu), back to the admin home. */
export default async function AdminNotFound() {
  const t = await getTranslations("live.notFound");
  return <NotFoundPanel back={{ href: "/admin", label: t("backToAdmin"), testId: "not-found-back" }} />;
}
