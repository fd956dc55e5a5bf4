import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorPanel } from "@/components/errors/error-panel";
import { ButtonLink } from "@/components/links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors"))("notFoundTitle") };
}

/** A 404 inside the admin area: drawn in the admin layout (its header and menu), back to the admin home. */
export default async function AdminNotFound() {
  const [t, tl] = await Promise.all([getTranslations("errors"), getTranslations("live.notFound")]);
  return (
    <ErrorPanel
      code="404"
      title={t("notFoundTitle")}
      message={t("notFoundMessage")}
      actions={
        <ButtonLink href="/admin" data-testid="not-found-back">
          {tl("backToAdmin")}
        </ButtonLink>
      }
    />
  );
}
