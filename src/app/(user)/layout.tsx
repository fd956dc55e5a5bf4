import type { ReactNode } from "react";
import { AnnouncementSlot } from "@/components/announcements/announcement-slot";
import { requestAnnouncements } from "@/components/announcements/request-announcements";
import { MaintenanceBanner } from "@/components/chrome/maintenance-banner";
import { RiskRestrictionNotice } from "@/components/risk/risk-restriction-notice";
import { UserShell } from "@/components/shell/user-shell";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { unreadNotificationCount } from "@/server/services/notifications";
import { listCart } from "@/server/services/orders";
import { getAppInfo } from "@/server/services/settings";

export default async function UserLayout({ children }: { children: ReactNode }) {
  const user = await requireUserPage();
  const ctx = await requestCtx();
  const [info, cart, unread, announcements] = await Promise.all([getAppInfo(getDb()), listCart(ctx), unreadNotificationCount(ctx), requestAnnouncements()]);
  const banner = (
    <>
      <MaintenanceBanner notice={info.maintenanceNotice} />
      {/* From the session this request already checked: a risk report restricted the account. */}
      <RiskRestrictionNotice since={user.riskRestrictedAt} />
      <AnnouncementSlot items={announcements} area="user" />
    </>
  );
  return (
    <UserShell user={{ name: user.name, email: user.email, role: user.role }} siteName={info.siteName} cartCount={cart.length} unreadCount={unread} banner={banner} wallet={info.edition === "wallet"}>
      {children}
    </UserShell>
  );
}
