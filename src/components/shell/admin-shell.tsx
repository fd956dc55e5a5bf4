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
    { href: "/admin", label: t("dashboard"), icon: <IconLayoutDashboard size={18} />, exact: true },
    { href: "/admin/orders", label: t("orders"), icon: <IconReceipt size={18} /> },
    { href: "/admin/tickets", label: t("tickets"), icon: <IconHeadset size={18} />, badge: ticketsAwaiting > 0 ? String(ticketsAwaiting) : undefined, testId: "nav-admin-tickets" },
    { href: "/admin/users", label: t("users"), icon: <IconUsers size={18} /> },
    {
      group: "catalogue",
      label: tg("catalogue"),
      icon: <IconBuildingStore size={18} />,
      items: [
        { href: "/admin/plans", label: t("plans"), icon: <IconPackage size={18} /> },
        { href: "/admin/streaming", label: t("streaming"), icon: <IconDeviceTv size={18} /> },
        { href: "/admin/coupons", label: t("coupons"), icon: <IconTicket size={18} /> },
        { href: "/admin/promotions", label: t("promotions"), icon: <IconDiscount size={18} /> },
        { href: "/admin/payments", label: tp("nav"), icon: <IconCreditCard size={18} /> },
        { href: "/admin/referral", label: t("referral"), icon: <IconUsersPlus size={18} />, testId: "nav-admin-referral" },
      ],
    },
    ...(wallet
      ? [
          {
            group: "wallet",
            label: tg("wallet"),
            icon: <IconWallet size={18} />,
            items: [
              { href: "/admin/wallet/recharges", label: t("walletRecharges"), icon: <IconWallet size={18} />, testId: "nav-admin-recharges" },
              { href: "/admin/wallet/cards", label: t("walletCards"), icon: <IconGiftCard size={18} />, testId: "nav-admin-cards" },
              { href: "/admin/wallet/transfers", label: t("walletTransfers"), icon: <IconTransfer size={18} />, testId: "nav-admin-transfers" },
            ],
          },
        ]
      : []),
    {
      group: "service",
      label: tg("service"),
      icon: <IconServer2 size={18} />,
      items: [
        { href: "/admin/subscriptions", label: t("subscriptions"), icon: <IconKey size={18} /> },
        { href: "/admin/subscription-rules", label: t("subscriptionRules"), icon: <IconRoute size={18} />, testId: "nav-admin-subscription-rules" },
        { href: "/admin/nodes", label: t("nodes"), icon: <IconServer size={18} /> },
        { href: "/admin/traffic", label: t("traffic"), icon: <IconChartBar size={18} /> },
        { href: "/admin/risk", label: t("risk"), icon: <IconShieldExclamation size={18} />, testId: "nav-admin-risk" },
        { href: "/admin/risk/access-logs", label: t("riskAccessLogs"), icon: <IconListSearch size={18} />, testId: "nav-admin-risk-access-logs" },
      ],
    },
    {
      group: "communication",
      label: tg("communication"),
      icon: <IconMessages size={18} />,
      items: [
        { href: "/admin/announcements", label: t("announcements"), icon: <IconSpeakerphone size={18} /> },
        { href: "/admin/mail-templates", label: t("mailTemplates"), icon: <IconMail size={18} /> },
        { href: "/admin/kb", label: t("kb"), icon: <IconBook size={18} />, testId: "nav-admin-kb" },
      ],
    },
    {
      group: "system",
      label: tg("system"),
      icon: <IconAdjustments size={18} />,
      items: [
        { href: "/admin/settings", label: t("settings"), icon: <IconSettings size={18} /> },
        { href: "/admin/staff", label: t("staff"), icon: <IconUserShield size={18} />, testId: "nav-admin-staff" },
        { href: "/admin/backup", label: t("backup"), icon: <IconDatabaseExport size={18} />, testId: "nav-admin-backup" },
        { href: "/admin/logs", label: t("logs"), icon: <IconFileText size={18} /> },
        { href: "/admin/tasks", label: t("tasks"), icon: <IconListCheck size={18} /> },
        { href: "/admin/api", label: t("api"), icon: <IconApi size={18} />, testId: "nav-admin-api" },
        { href: "/admin/api-tokens", label: t("apiTokens"), icon: <IconPlugConnected size={18} />, testId: "nav-admin-api-tokens" },
        { href: "/admin/webhooks", label: t("webhooks"), icon: <IconWebhook size={18} />, testId: "nav-admin-webhooks" },
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
