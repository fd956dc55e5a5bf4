import type { ReactNode } from "react";
import { AnnouncementSlot } from "@/components/announcements/announcement-slot";
import { requestAnnouncements } from "@/components/announcements/request-announcements";
import { MaintenanceBanner } from "@/components/chrome/maintenance-banner";
import { AdminShell } from "@/components/shell/admin-shell";
import { requireAdminPage } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { getAppInfo } from "@/server/services/settings";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const [user, info] = await Promise.all([requireAdminPage(), getAppInfo(getDb())]);
  // After the guard: only an admin's request gets here, so the ADMINS ones are theirs to see.
  const announcements = await requestAnnouncements();
  const banner = (
    <>
      <MaintenanceBanner notice={info.maintenanceNotice} />
      <AnnouncementSlot items={announcements} area="admin" />
    </>
  );
  return (
    <AdminShell user={{ name: user.name, email: user.email }} siteName={info.siteName} banner={banner}>
      {children}
    </AdminShell>
  );
}
