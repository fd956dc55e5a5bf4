import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorPanel } from "@/components/errors/error-panel";
import { ButtonLink } from "@/components/links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors"))("notFoundTitle") };
}

/**
 * A 404 inside the user area (a page that called notFound(): someone else's order, a ticket that
 * is gone): drawn in the user layout, so there is one header. Unknown addresses outside every area
 * keep the site's own 404 (app/not-found.tsx): the user area has no prefix of its own to claim them.
 */
export default async function UserNotFound() {
  const [t, tl] = await Promise.all([getTranslations("errors"), getTranslations("live.notFound")]);
  return (
    <ErrorPanel
      code="404"
      title={t("notFoundTitle")}
      message={t("notFoundMessage")}
      actions={
        <ButtonLink href="/dashboard" data-testid="not-found-back">
          {tl("backToDashboard")}
        </ButtonLink>
      }
    />
  );
}
