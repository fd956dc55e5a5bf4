"use client";
import { UserBadge } from "./user-badge";
import { NavLink, Stack } from "@mantine/core";
import {
  IconAdjustments,
  IconApi,
  IconBuildingStore,
  IconMessages,
  IconServer2,
  IconChartBar,
  IconCreditCard,
  IconHeadset,
  IconMail,
  IconSpeakerphone,
  IconDeviceTv,
  IconDiscount,
  IconFileText,
  IconHome,
  IconKey,
  IconListCheck,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt,
  IconRoute,
  IconServer,
  IconShieldExclamation,
  IconListSearch,
  IconSettings,
  IconDatabaseExport,
  IconTicket,
  IconWebhook,
  IconUsersPlus,
  IconBook,
  IconPlugConnected,
  IconUsers,
  IconUserShield,
  IconWallet,
  IconGiftCard,
  IconTransfer,
} from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { HeaderTools } from "../chrome/header-tools";
import { NotificationBell } from "../notifications/notification-bell";
import { useUnreadCount } from "../notifications/unread-live";
import { permissionForAdminPath } from "@/server/auth/admin-page-permissions";
import { StaffPermissionsProvider } from "../admin/staff-permissions";
import { AppFrame, type NavEntry } from "./app-frame";
import { LogoutButton } from "./logout-button";

interface Props {
  user: { name: string; email: string };
  siteName: string;
  banner?: ReactNode;
  /** The admin's own unread notifications (new tickets and user replies land there). */
  unreadCount?: number;
  /** Tickets waiting on staff: the badge beside Tickets. */
  ticketsAwaiting?: number;
  /** [wallet] The wallet edition adds recharge orders, cards and transfers. */
  wallet?: boolean;
  /** The staff member's permissions: the menu shows only the pages the role may open (issue 29). */
  permissions: string[];
  children: ReactNode;
}

/** Entries whose page the role may open; a group with none left disappears. */
function allowedNav(nav: NavEntry[], allowed: ReadonlySet<string>): NavEntry[] {
  const may = (href: string) => {
    const perm = permissionForAdminPath(href);
    return perm !== undefined && allowed.has(perm);
  };
  return nav.flatMap((e): NavEntry[] => {
    if (!("group" in e)) return may(e.href) ? [e] : [];
    const items = e.items.filter((i) => may(i.href));
    return items.length ? [{ ...e, items }] : [];
  });
}

export function AdminShell({ user, siteName, banner, unreadCount = 0, ticketsAwaiting = 0, wallet = false, permissions, children }: Props) {
  const t = useTranslations("adminNav");
  const tp = useTranslations("adminPayments");
  const tg = useTranslations("live.adminNavGroups");
  const unread = useUnreadCount(unreadCount);
  // The daily work stays at the top; the rest folds into groups, so the menu fits a 900 px-high
  // window with the current page's group open.
  const all: NavEntry[] = [
    { href: "/admin", label: t("dashboard"), icon: IconLayoutDashboard, exact: true },
    { href: "/admin/orders", label: t("orders"), icon: IconReceipt },
    { href: "/admin/tickets", label: t("tickets"), icon: IconHeadset, badge: ticketsAwaiting > 0 ? String(ticketsAwaiting) : undefined, testId: "nav-admin-tickets" },
    { href: "/admin/users", label: t("users"), icon: IconUsers },
    {
      group: "catalogue",
      label: tg("catalogue"),
      icon: IconBuildingStore,
      items: [
        { href: "/admin/plans", label: t("plans"), icon: IconPackage },
        { href: "/admin/streaming", label: t("streaming"), icon: IconDeviceTv },
        { href: "/admin/coupons", label: t("coupons"), icon: IconTicket },
        { href: "/admin/promotions", label: t("promotions"), icon: IconDiscount },
        { href: "/admin/payments", label: tp("nav"), icon: IconCreditCard },
        { href: "/admin/referral", label: t("referral"), icon: IconUsersPlus, testId: "nav-admin-referral" },
      ],
    },
    ...(wallet
      ? [
          {
            group: "wallet",
            label: tg("wallet"),
            icon: IconWallet,
            items: [
              { href: "/admin/wallet/recharges", label: t("walletRecharges"), icon: IconWallet, testId: "nav-admin-recharges" },
              { href: "/admin/wallet/cards", label: t("walletCards"), icon: IconGiftCard, testId: "nav-admin-cards" },
              { href: "/admin/wallet/transfers", label: t("walletTransfers"), icon: IconTransfer, testId: "nav-admin-transfers" },
            ],
          },
        ]
      : []),
    {
      group: "service",
      label: tg("service"),
      icon: IconServer2,
      items: [
        { href: "/admin/subscriptions", label: t("subscriptions"), icon: IconKey },
        { href: "/admin/subscription-rules", label: t("subscriptionRules"), icon: IconRoute, testId: "nav-admin-subscription-rules" },
        { href: "/admin/nodes", label: t("nodes"), icon: IconServer },
        { href: "/admin/traffic", label: t("traffic"), icon: IconChartBar },
        { href: "/admin/risk", label: t("risk"), icon: IconShieldExclamation, testId: "nav-admin-risk" },
        { href: "/admin/risk/access-logs", label: t("riskAccessLogs"), icon: IconListSearch, testId: "nav-admin-risk-access-logs" },
      ],
    },
    {
      group: "communication",
      label: tg("communication"),
      icon: IconMessages,
      items: [
        { href: "/admin/announcements", label: t("announcements"), icon: IconSpeakerphone },
        { href: "/admin/mail-templates", label: t("mailTemplates"), icon: IconMail },
        { href: "/admin/kb", label: t("kb"), icon: IconBook, testId: "nav-admin-kb" },
      ],
    },
    {
      group: "system",
      label: tg("system"),
      icon: IconAdjustments,
      items: [
        { href: "/admin/settings", label: t("settings"), icon: IconSettings },
        { href: "/admin/staff", label: t("staff"), icon: IconUserShield, testId: "nav-admin-staff" },
        { href: "/admin/backup", label: t("backup"), icon: IconDatabaseExport, testId: "nav-admin-backup" },
        { href: "/admin/logs", label: t("logs"), icon: IconFileText },
        { href: "/admin/tasks", label: t("tasks"), icon: IconListCheck },
        { href: "/admin/api", label: t("api"), icon: IconApi, testId: "nav-admin-api" },
        { href: "/admin/api-tokens", label: t("apiTokens"), icon: IconPlugConnected, testId: "nav-admin-api-tokens" },
        { href: "/admin/webhooks", label: t("webhooks"), icon: IconWebhook, testId: "nav-admin-webhooks" },
      ],
    },
  ];
  const nav = allowedNav(all, new Set(permissions));
  const footer = (
    <Stack gap={4}>
      <NavLink component={Link} href="/dashboard" label={t("userArea")} leftSection={<IconHome size={18} />} />
      <UserBadge name={user.name} email={user.email} />
    </Stack>
  );
  return (
    <AppFrame
      brand={`${siteName} · ${t("title")}`}
      brandHref="/admin"
      nav={nav}
      navFooter={footer}
      burgerLabel={t("toggle")}
      headerRight={
        <HeaderTools>
          <NotificationBell unread={unread} />
          <LogoutButton />
        </HeaderTools>
      }
      banner={banner}
    >
      <StaffPermissionsProvider permissions={permissions}>{children}</StaffPermissionsProvider>
    </AppFrame>
  );
}
