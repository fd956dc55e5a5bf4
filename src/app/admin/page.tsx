import { Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getFormatter, getTranslations, getLocale } from "next-intl/server";
import { NodeHealthPanel, OrdersByStatusPanel, RiskEventsPanel } from "@/components/dashboard/admin-panels";
import { DailyBarChart } from "@/components/dashboard/daily-bar-chart";
import { NodeIncidentsPanel } from "@/components/node-alerts/incidents-panel";
import { StatCard } from "@/components/dashboard/stat-card";
import { StatusBadge } from "@/components/shell/status-badge";
import { formatMoney } from "@/components/store/money";
import { formatBytes } from "@/components/subscriptions/bytes";
import { forbidden, redirect } from "next/navigation";
import { adminHomeFor } from "@/server/auth/admin-page-permissions";
import { myPermissions, requestCtx, requireAdminPage } from "@/server/auth/session";
import { hasPermission } from "@/server/context";
import { listUsers } from "@/server/services/accounts";
import { getAdminDashboard } from "@/server/services/dashboard";
import { AnchorLink, CardLink } from "@/components/links";
import { WalletDashboardPanel } from "@/components/admin/wallet/wallet-dashboard-panel";
import { getDb } from "@/server/db/client";
import { MissingContactAlert } from "@/components/support-contact/missing-contact-alert";
import { getAppInfo } from "@/server/services/settings";
import { walletDashboard } from "@/server/services/wallet/admin-wallet";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("dashboard") };
}

const STATUSES = ["ACTIVE", "PENDING_EMAIL", "DISABLED", "BANNED"] as const;

export default async function AdminDashboard() {
  const locale = await getLocale();
  await requireAdminPage();
  // The admin area's entry: a role without the dashboard lands on its first page, a role with no
  // admin page at all gets the 403 page (issue 29).
  const permissions = await myPermissions();
  if (!permissions.has("dashboard.read")) {
    const home = adminHomeFor(permissions);
    if (home) redirect(home);
    forbidden();
  }
  const ctx = await requestCtx();
  const info = await getAppInfo(getDb());
  // Each part only when the role may read its area; getAdminDashboard leaves out the others itself.
  const may = { users: hasPermission(ctx, "users.read"), wallet: info.edition === "wallet" && hasPermission(ctx, "wallet.read"), settings: hasPermission(ctx, "settings.write") };
  const [d, recent, t, to, ts, f, wallet] = await Promise.all([
    getAdminDashboard(ctx),
    may.users ? listUsers(ctx, { pageSize: 5 }) : null,
    getTranslations("adminDashboard"),
    getTranslations("adminOverview"),
    getTranslations("status"),
    getFormatter(),
    may.wallet ? walletDashboard(ctx) : null,
  ]);

  const money = (minor: number) => formatMoney(minor, d.currency, locale);
  const paid = (count: number) => to("paidCount", { count });
  const { revenue, paidOrders: po, newUsers: nu, traffic } = d;
  const figures = [
    ...(revenue && po
      ? [
          { key: "revenue-today", label: to("revenueToday"), value: money(revenue.today), hint: paid(po.today), href: "/admin/orders?status=PAID" },
          { key: "revenue-7", label: to("revenue7"), value: money(revenue.last7), hint: paid(po.last7), href: "/admin/orders?status=PAID" },
          { key: "revenue-30", label: to("revenue30"), value: money(revenue.last30), hint: paid(po.last30), href: "/admin/orders?status=PAID" },
        ]
      : []),
    ...(d.activeSubscriptions !== null ? [{ key: "active-subscriptions", label: to("activeSubscriptions"), value: f.number(d.activeSubscriptions), href: "/admin/subscriptions?status=ACTIVE" }] : []),
    ...(nu
      ? [
          { key: "new-users-today", label: to("newUsersToday"), value: f.number(nu.today), href: "/admin/users" },
          { key: "new-users-7", label: to("newUsers7"), value: f.number(nu.last7), href: "/admin/users" },
          { key: "new-users-30", label: to("newUsers30"), value: f.number(nu.last30), href: "/admin/users" },
        ]
      : []),
    ...(traffic
      ? [
          { key: "traffic-today", label: to("trafficToday"), value: formatBytes(traffic.today), href: "/admin/traffic" },
          { key: "traffic-7", label: to("traffic7"), value: formatBytes(traffic.last7), href: "/admin/traffic" },
        ]
      : []),
  ];

  const byStatus = d.users ? STATUSES.map((s) => [s, d.users?.byStatus[s] ?? 0] as const) : [];
  const cards = d.users
    ? [
        { key: "total", label: t("totalUsers"), value: d.users.total, href: "/admin/users" },
        ...byStatus.map(([s, n]) => ({ key: s, label: ts(s), value: n, href: `/admin/users?status=${s}` })),
        { key: "admins", label: t("admins"), value: d.users.admins, href: "/admin/users?role=ADMIN" },
      ]
    : [];
  const charts = [
    d.daily.revenue && <DailyBarChart key="revenue" testId="chart-revenue" title={to("revenueChart")} series={to("seriesRevenue")} days={d.daily.days} values={d.daily.revenue} unit={{ kind: "money", currency: d.currency }} color="teal.6" />,
    d.daily.newUsers && <DailyBarChart key="users" testId="chart-new-users" title={to("newUsersChart")} series={to("seriesUsers")} days={d.daily.days} values={d.daily.newUsers} unit={{ kind: "count" }} color="blue.6" />,
    d.daily.traffic && <DailyBarChart key="traffic" testId="chart-traffic" title={to("trafficChart")} series={to("seriesTraffic")} days={d.daily.trafficDays} values={d.daily.traffic} unit={{ kind: "bytes" }} color="grape.6" />,
  ].filter(Boolean);
  const panels = [
    d.orders && <OrdersByStatusPanel key="orders" orders={d.orders} />,
    d.nodes && <NodeHealthPanel key="nodes" nodes={d.nodes} />,
    d.riskEvents && <RiskEventsPanel key="risk" events={d.riskEvents} />,
  ].filter(Boolean);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t("title")}</Title>
        <Text size="sm" c="dimmed">
          {to("zoneNote")}
        </Text>
      </div>
      {may.settings ? <MissingContactAlert contact={info.site.supportContact} withLink /> : null}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        {figures.map((c) => (
          <StatCard key={c.key} testId={`stat-${c.key}`} label={c.label} value={c.value} hint={c.hint} href={c.href} />
        ))}
      </SimpleGrid>
      {charts.length ? (
        <SimpleGrid cols={{ base: 1, lg: charts.length }} spacing="md">
          {charts}
        </SimpleGrid>
      ) : null}
      {panels.length ? (
        <SimpleGrid cols={{ base: 1, md: panels.length }} spacing="md">
          {panels}
        </SimpleGrid>
      ) : null}
      {d.incidents ? <NodeIncidentsPanel incidents={d.incidents} /> : null}
      {wallet ? <WalletDashboardPanel data={wallet} currency={d.currency} /> : null}
      {recent ? <UsersPart cards={cards} recent={recent.rows} /> : null}
    </Stack>
  );
}

type UserCard = { key: string; label: string; value: number; href: string };
type RecentUser = Awaited<ReturnType<typeof listUsers>>["rows"][number];

/** Sign-ups by status and the newest accounts: staff who may read users (users.read). */
async function UsersPart({ cards, recent }: { cards: UserCard[]; recent: RecentUser[] }) {
  const [t, to, f] = await Promise.all([getTranslations("adminDashboard"), getTranslations("adminOverview"), getFormatter()]);
  return (
    <>
      <Text fw={600}>{to("usersTitle")}</Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        {cards.map((c) => (
          <CardLink key={c.key} withBorder padding="md" href={c.href} data-testid={`count-${c.key}`}>
            {/* Wraps rather than cuts: "Awaiting email verification" is wider than a phone's half. */}
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {c.label}
            </Text>
            <Text fz={28} fw={700}>
              {f.number(c.value)}
            </Text>
          </CardLink>
        ))}
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm">
          <Text fw={600}>{t("recent")}</Text>
          <AnchorLink href="/admin/users" size="sm">
            {t("allUsers")}
          </AnchorLink>
        </Group>
        {recent.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("noUsers")}
          </Text>
        ) : (
          <Stack gap="xs">
            {recent.map((u) => (
              <Group key={u.id} justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                    {u.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {f.dateTime(u.createdAt, { dateStyle: "medium", timeStyle: "short" })}
                  </Text>
                </div>
                <StatusBadge status={u.status} />
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </>
  );
}
