import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/links";
import { ErrorPanel } from "@/components/errors/error-panel";
import { adminHomeFor } from "@/server/auth/admin-page-permissions";
import { myPermissions } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors"))("forbiddenTitle") };
}

/**
 * A page the staff member's role may not open (requireAdminPage(permission) called forbidden()):
 * status 403, drawn in the admin layout instead of the page, with a way back to the first page the
 * role does open (the dashboard, else its first menu entry; the customer area when there is none).
 */
export default async function AdminForbidden() {
  const [t, tl, permissions] = await Promise.all([getTranslations("errors"), getTranslations("live.notFound"), myPermissions()]);
  const home = adminHomeFor(permissions);
  const back = home ? { href: home, label: tl("backToAdmin") } : { href: "/dashboard", label: tl("backToDashboard") };
  return (
    <ErrorPanel
      code="403"
      title={t("forbiddenTitle")}
      message={t("forbiddenMessage")}
      actions={
        <ButtonLink href={back.href} data-testid="forbidden-back">
          {back.label}
        </ButtonLink>
      }
    />
  );
}
