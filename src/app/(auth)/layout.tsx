import type { ReactNode } from "react";
import { AuthShell } from "@/components/auth/auth-shell";
import { getDb } from "@/server/db/client";
import { getAppInfo } from "@/server/services/settings";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const info = await getAppInfo(getDb());
  return (
    <AuthShell siteName={info.siteName} notice={info.maintenanceNotice}>
      {children}
    </AuthShell>
  );
}
