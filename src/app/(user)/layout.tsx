import type { ReactNode } from "react";
import { MaintenanceBanner } from "@/components/chrome/maintenance-banner";
import { UserShell } from "@/components/shell/user-shell";
import { requireUserPage } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { getAppInfo } from "@/server/services/settings";

export default async function UserLayout({ children }: { children: ReactNode }) {
  const [user, info] = await Promise.all([requireUserPage(), getAppInfo(getDb())]);
  return (
    <UserShell user={{ name: user.name, email: user.email, role: user.role }} siteName={info.siteName} banner={<MaintenanceBanner notice={info.maintenanceNotice} />}>
      {children}
    </UserShell>
  );
}
