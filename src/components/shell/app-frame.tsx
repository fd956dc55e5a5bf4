"use client";
// The AppShell both areas share: header with burger (phones), navbar, main. The navbar slides in
// on phones and closes itself after a navigation. The active entry is the one a click is taking us
// to (navigation-state.ts) before the URL has changed, so the menu answers the click at once.
import { AppShell, Badge, Burger, Group, NavLink, ScrollArea, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { usePendingNavigation } from "./navigation-state";
import { NavigationProgress } from "./navigation-progress";
import { PendingPage } from "./pending-page";

export interface NavItem {
  href: string;
  label: string;
  icon: ReactNode;
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
  icon: ReactNode;
  items: NavItem[];
}

export type NavEntry = NavItem | NavGroup;
const isGroup = (e: NavEntry): e is NavGroup => "group" in e;

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
      <NavLink key={item.href} label={item.label} leftSection={item.icon} disabled rightSection={item.badge ? <Badge size="xs" variant="light" color="gray">{item.badge}</Badge> : null} />
    ) : (
      <NavLink
        key={item.href}
        component={Link}
        href={item.href}
        label={item.label}
        leftSection={item.icon}
        active={isActive(item)}
        aria-current={isActive(item) ? "page" : undefined}
        onClick={close}
        data-testid={item.testId}
        rightSection={
          item.badge ? (
            <Badge size="xs" variant="light" color="gray" data-testid={item.testId ? `${item.testId}-badge` : undefined}>
              {item.badge}
            </Badge>
          ) : null
        }
      />
    );

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: "sm", collapsed: { mobile: !opened } }} padding={{ base: "sm", sm: "lg" }}>
      <NavigationProgress />
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={burgerLabel} />
            <UnstyledButton component={Link} href={brandHref} style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" truncate="end" title={brand}>
                {brand}
              </Text>
            </UnstyledButton>
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
                leftSection={e.icon}
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
