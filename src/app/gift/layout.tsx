import type { ReactNode } from "react";
import { AuthShell } from "@/components/auth/auth-shell";
import { siteInfo } from "@/app/site-info";

/**
 * The gift page is for whoever holds the link, signed in or not (a recipient may have no account
 * yet), so it sits outside both the signed-out and the signed-in areas, in the same centred card as
 * the sign-in pages.
 */
export default async function GiftLayout({ children }: { children: ReactNode }) {
  const info = await siteInfo();
  return (
    <AuthShell siteName={info.siteName} notice={info.maintenanceNotice}>
      {children}
    </AuthShell>
  );
}
