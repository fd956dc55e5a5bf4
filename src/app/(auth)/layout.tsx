import type { ReactNode } from "react";
import { AnnouncementSlot } from "@/components/announcements/announcement-slot";
import { AuthShell } from "@/components/auth/auth-shell";
import { siteInfo } from "@/app/site-info";
import { getDb } from "@/server/db/client";
import { announcementsFor } from "@/server/services/announcements";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  // The signed-out pages show what everyone may see: the PUBLIC announcements (viewer: nobody).
  const [info, announcements] = await Promise.all([siteInfo(), announcementsFor(getDb(), null, new Date())]);
  return (
    <AuthShell siteName={info.siteName} notice={info.maintenanceNotice} banner={<AnnouncementSlot items={announcements} area="public" />}>
      {children}
    </AuthShell>
  );
}
