import type { ReactNode } from "react";
import { MaintenanceBanner } from "@/components/chrome/maintenance-banner";
import { AdminShell } from "@/components/shell/admin-shell";
import { requireAdminPage } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { getAppInfo } from "@/server/services/settings";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const [user, info] = await Promise.all([requireAdminPage(), getAppInfo(getDb())]);
  return (
    <AdminShell user={{ name: user.name, email: user.email }} siteName={info.siteName} banner={<MaintenanceBanner notice={info.maintenanceNotice} />}>
      {children}
    </AdminShell>
  );
}
