import type { ReactNode } from "react";
import { MaintenanceBanner } from "@/components/chrome/maintenance-banner";
import { UserShell } from "@/components/shell/user-shell";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { listCart } from "@/server/services/orders";
import { getAppInfo } from "@/server/services/settings";

export default async function UserLayout({ children }: { children: ReactNode }) {
  const user = await requireUserPage();
  const [info, cart] = await Promise.all([getAppInfo(getDb()), listCart(await requestCtx())]);
  return (
    <UserShell user={{ name: user.name, email: user.email, role: user.role }} siteName={info.siteName} cartCount={cart.length} banner={<MaintenanceBanner notice={info.maintenanceNotice} />}>
      {children}
    </UserShell>
  );
}
