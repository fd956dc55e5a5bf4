import type { ReactNode } from "react";
import { AuthShell } from "@/components/auth/auth-shell";
import { siteInfo } from "@/app/site-info";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const info = await siteInfo();
  return (
    <AuthShell siteName={info.siteName} notice={info.maintenanceNotice}>
      {children}
    </AuthShell>
  );
}
