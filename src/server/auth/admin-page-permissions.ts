// What each admin page needs (issue 29). Pages check it themselves (requireAdminPage(permission)),
// the admin menu shows only the entries the role may open, and the admin home sends a role without
// the dashboard to its first page. Pure data: the client-side menu imports it too.
import type { Permission } from "./permissions";

/** Top-level admin pages, in menu order; a page below one of them needs the same permission unless listed. */
export const ADMIN_PAGE_PERMISSIONS: readonly (readonly [path: string, permission: Permission])[] = [
  ["/admin", "dashboard.read"],
  ["/admin/orders", "orders.read"],
  ["/admin/tickets", "tickets.read"],
  ["/admin/users", "users.read"],
  ["/admin/users/[id]/wallet", "wallet.read"],
  ["/admin/plans", "catalog.read"],
  ["/admin/streaming", "catalog.read"],
  ["/admin/coupons", "coupons.read"],
  ["/admin/promotions", "coupons.read"],
  ["/admin/payments", "payments.secrets"],
  ["/admin/referral", "referral.read"],
  ["/admin/wallet/recharges", "wallet.read"],
  ["/admin/wallet/cards", "wallet.read"],
  ["/admin/wallet/transfers", "wallet.read"],
  ["/admin/subscriptions", "subscriptions.read"],
  ["/admin/subscription-rules", "settings.read"],
  ["/admin/nodes", "nodes.read"],
  ["/admin/traffic", "nodes.read"],
  ["/admin/risk", "risk.read"],
  ["/admin/risk/access-logs", "risk.read"],
  ["/admin/announcements", "announcements.manage"],
  ["/admin/mail-templates", "mail.manage"],
  ["/admin/kb", "kb.manage"],
  ["/admin/staff", "staff.manage"],
  ["/admin/settings", "settings.read"],
  ["/admin/backup", "backup.manage"],
  ["/admin/logs", "logs.read"],
  ["/admin/tasks", "tasks.read"],
  ["/admin/api", "apiTokens.manage"],
  ["/admin/api-tokens", "apiTokens.manage"],
  ["/admin/webhooks", "webhooks.manage"],
];

/** The permission a menu entry's page needs (the longest listed prefix; exact for /admin itself). */
export function permissionForAdminPath(path: string): Permission | undefined {
  let best: readonly [string, Permission] | undefined;
  for (const entry of ADMIN_PAGE_PERMISSIONS) {
    const [p] = entry;
    const hit = p === "/admin" ? path === "/admin" : path === p || path.startsWith(`${p}/`);
    if (hit && (!best || p.length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/** Where a role lands in the admin area: the dashboard if it may, else its first page in menu order. */
export function adminHomeFor(permissions: ReadonlySet<string>): string | null {
  const first = ADMIN_PAGE_PERMISSIONS.find(([p, perm]) => !p.includes("[") && permissions.has(perm));
  return first?.[0] ?? null;
}
