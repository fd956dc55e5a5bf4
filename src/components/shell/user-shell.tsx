"use client";
import { UserBadge } from "./user-badge";
import { NavLink, Stack } from "@mantine/core";
import {
  IconBell,
  IconLayoutDashboard,
  IconReceipt,
  IconRoute,
  IconShieldLock,
  IconShoppingBag,
  IconShoppingCart,
  IconTicket,
  IconUserCircle,
  IconKey,
  IconTransfer,
  IconWallet,
  IconUsersPlus,
  IconBook,
} from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { HeaderTools } from "../chrome/header-tools";
import { NotificationBell } from "../notifications/notification-bell";
import { useUnreadCount } from "../notifications/unread-live";
import { AppFrame, type NavItem } from "./app-frame";
import { LogoutButton } from "./logout-button";

interface Props {
  user: { name: string; email: string; role: "ADMIN" | "USER" };
  siteName: string;
  banner?: ReactNode;
  /** Lines in the user's cart: shown next to the Cart entry. */
  cartCount?: number;
  /** Unread notifications: on the bell in the header and next to the Notifications entry. */
  unreadCount?: number;
  /** [wallet] The wallet edition adds the wallet and transfers pages. */
  wallet?: boolean;
  children: ReactNode;
}

export function UserShell({ user, siteName, banner, cartCount = 0, unreadCount = 0, wallet = false, children }: Props) {
  const t = useTranslations("nav");
  const ts = useTranslations("store.nav");
  const unread = useUnreadCount(unreadCount);
  const nav: NavItem[] = [
    { href: "/dashboard", label: t("dashboard"), icon: IconLayoutDashboard, exact: true },
    { href: "/subscriptions", label: t("subscriptions"), icon: IconKey },
    { href: "/store", label: t("store"), icon: IconShoppingBag },
    {
      href: "/cart",
      label: ts("cart"),
      icon: IconShoppingCart,
      badge: cartCount > 0 ? String(cartCount) : undefined,
      testId: "nav-cart",
    },
    { href: "/orders", label: t("orders"), icon: IconReceipt },
    ...(wallet
      ? [
          { href: "/wallet", label: t("wallet"), icon: IconWallet, testId: "nav-wallet" },
          { href: "/transfers", label: t("transfers"), icon: IconTransfer, testId: "nav-transfers" },
        ]
      : []),
    { href: "/lines", label: t("lines"), icon: IconRoute },
    { href: "/referral", label: t("referral"), icon: IconUsersPlus, testId: "nav-referral" },
    { href: "/tickets", label: t("tickets"), icon: IconTicket },
    { href: "/kb", label: t("help"), icon: IconBook, testId: "nav-kb" },
    { href: "/notifications", label: t("notifications"), icon: IconBell, badge: unread > 0 ? String(unread) : undefined, testId: "nav-notifications" },
    { href: "/account", label: t("account"), icon: IconUserCircle },
  ];
  const footer = (
    <Stack gap={4}>
      {user.role === "ADMIN" ? <NavLink component={Link} href="/admin" label={t("adminPanel")} leftSection={<IconShieldLock size={18} />} data-testid="admin-link" /> : null}
      <UserBadge name={user.name} email={user.email} />
    </Stack>
  );
  return (
    <AppFrame
      brand={siteName}
      brandHref="/dashboard"
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
      {children}
    </AppFrame>
  );
}
