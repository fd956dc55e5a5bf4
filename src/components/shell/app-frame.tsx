"use client";
// The AppShell both areas share: header with burger (phones), navbar, main. The navbar slides in
// on phones and closes itself after a navigation. The active entry is the one a click is taking us
// to (navigation-state.ts) before the URL has changed, so the menu answers the click at once.
// The entries and the site's name are plain links with a class each (app-frame.module.css): every
// signed-in page carries them, the light subscription page (60 KB of HTML) too.
import { AppShell, Badge, Burger, Group, NavLink, ScrollArea } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { TablerIcon } from "@tabler/icons-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { OUTLINE_IN_CSS } from "../outline-icon";
import { usePendingNavigation } from "./navigation-state";
import { NavigationProgress } from "./navigation-progress";
import classes from "./app-frame.module.css";
import { PendingPage } from "./pending-page";

export interface NavItem {
  href: string;
  label: string;
  /** Drawn at 18 px with its outline attributes in CSS (outline-icon.ts): every signed-in page has a menu. */
  icon: TablerIcon;
  /** Exact match only (dashboards), otherwise a prefix match marks the item active. */
  exact?: boolean;
  disabled?: boolean;
  badge?: string;
  testId?: string;
}

/** A heading that folds its entries away (the admin menu's 22 entries do not fit a laptop screen otherwise). */
export interface NavGroup {
  group: string;
  label: string;
  icon: TablerIcon;
  items: NavItem[];
}

export type NavEntry = NavItem | NavGroup;
const isGroup = (e: NavEntry): e is NavGroup => "group" in e;
const icon = (Icon: TablerIcon) => <Icon size={18} {...OUTLINE_IN_CSS} />;

interface Props {
  brand: string;
  brandHref: string;
  nav: NavEntry[];
  navFooter?: ReactNode;
  headerRight: ReactNode;
  burgerLabel: string;
  banner?: ReactNode;
  children: ReactNode;
}

export function AppFrame({ brand, brandHref, nav, navFooter, headerRight, burgerLabel, banner, children }: Props) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = usePathname();
  const pending = usePendingNavigation();
  const here = pending?.to ?? pathname;
  const items = nav.flatMap((e) => (isGroup(e) ? e.items : [e]));
  const matches = (item: NavItem) => (item.exact ? here === item.href : here === item.href || here.startsWith(`${item.href}/`));
  // Nested entries (/admin/risk and /admin/risk/access-logs): only the most specific match is marked.
  const isActive = (item: NavItem) => matches(item) && !items.some((o) => o.href.length > item.href.length && matches(o));
  // A group the person has not folded or unfolded is open exactly while it holds the current page.
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const isOpen = (g: NavGroup) => chosen[g.group] ?? g.items.some(isActive);

  const link = (item: NavItem) =>
    item.disabled ? (
      <NavLink key={item.href} label={item.label} leftSection={icon(item.icon)} disabled rightSection={item.badge ? <Badge size="xs" variant="light" color="gray">{item.badge}</Badge> : null} />
    ) : (
      <Link
        key={item.href}
        href={item.href}
        className={classes.link}
        data-active={isActive(item) || undefined}
        aria-current={isActive(item) ? "page" : undefined}
        onClick={close}
        data-testid={item.testId}
      >
        {icon(item.icon)}
        <span>{item.label}</span>
        {item.badge ? (
          <Badge size="xs" variant="light" color="gray" data-testid={item.testId ? `${item.testId}-badge` : undefined}>
            {item.badge}
          </Badge>
        ) : null}
      </Link>
    );

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: "sm", collapsed: { mobile: !opened } }} padding={{ base: "sm", sm: "lg" }}>
      <NavigationProgress />
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={burgerLabel} />
            <Link href={brandHref} className={classes.brand} title={brand}>
              {brand}
            </Link>
          </Group>
          {headerRight}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section grow component={ScrollArea}>
          {nav.map((e) =>
            isGroup(e) ? (
              <NavLink
                key={e.group}
                component="button"
                type="button"
                label={e.label}
                leftSection={icon(e.icon)}
                opened={isOpen(e)}
                onChange={(open) => setChosen((c) => ({ ...c, [e.group]: open }))}
                aria-expanded={isOpen(e)}
                childrenOffset={28}
                data-testid={`nav-group-${e.group}`}
              >
                {e.items.map(link)}
              </NavLink>
            ) : (
              link(e)
            ),
          )}
        </AppShell.Section>
        {navFooter ? <AppShell.Section pt="xs" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>{navFooter}</AppShell.Section> : null}
      </AppShell.Navbar>
      <AppShell.Main>
        {banner}
        <PendingPage>{children}</PendingPage>
      </AppShell.Main>
    </AppShell>
  );
}
