import type { ReactNode } from "react";
import { AnnouncementSlot } from "@/components/announcements/announcement-slot";
import { requestAnnouncements } from "@/components/announcements/request-announcements";
import { MaintenanceBanner } from "@/components/chrome/maintenance-banner";
import { AdminShell } from "@/components/shell/admin-shell";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { hasPermission } from "@/server/context";
import { getDb } from "@/server/db/client";
import { unreadNotificationCount } from "@/server/services/notifications";
import { getAppInfo } from "@/server/services/settings";
import { countTicketsAwaitingStaff } from "@/server/services/support";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const [user, info] = await Promise.all([requireAdminPage(), getAppInfo(getDb())]);
  // After the guard: only an admin's request gets here, so the ADMINS ones are theirs to see.
  const ctx = await requestCtx();
  const [announcements, unread, awaiting] = await Promise.all([
    requestAnnouncements(),
    unreadNotificationCount(ctx),
    hasPermission(ctx, "tickets.read") ? countTicketsAwaitingStaff(ctx) : Promise.resolve(0),
  ]);
  const banner = (
    <>
      <MaintenanceBanner notice={info.maintenanceNotice} />
      <AnnouncementSlot items={announcements} area="admin" />
    </>
  );
  return (
    <AdminShell user={{ name: user.name, email: user.email }} siteName={info.siteName} banner={banner} unreadCount={unread} ticketsAwaiting={awaiting} wallet={info.edition === "wallet"} permissions={[...(ctx.actor.permissions ?? [])]}>
      {children}
    </AdminShell>
  );
}
