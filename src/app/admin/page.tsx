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
import { requestCtx, requireAdminPage } from "@/server/auth/session";
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
  const ctx = await requestCtx();
  const info = await getAppInfo(getDb());
  const [d, recent, t, to, ts, f, wallet] = await Promise.all([
    getAdminDashboard(ctx),
    listUsers(ctx, { pageSize: 5 }),
    getTranslations("adminDashboard"),
    getTranslations("adminOverview"),
    getTranslations("status"),
    getFormatter(),
    info.edition === "wallet" ? walletDashboard(ctx) : null,
  ]);

  const money = (minor: number) => formatMoney(minor, d.currency, locale);
  const paid = (count: number) => to("paidCount", { count });
  const figures = [
    { key: "revenue-today", label: to("revenueToday"), value: money(d.revenue.today), hint: paid(d.paidOrders.today), href: "/admin/orders?status=PAID" },
    { key: "revenue-7", label: to("revenue7"), value: money(d.revenue.last7), hint: paid(d.paidOrders.last7), href: "/admin/orders?status=PAID" },
    { key: "revenue-30", label: to("revenue30"), value: money(d.revenue.last30), hint: paid(d.paidOrders.last30), href: "/admin/orders?status=PAID" },
    { key: "active-subscriptions", label: to("activeSubscriptions"), value: f.number(d.activeSubscriptions), href: "/admin/subscriptions?status=ACTIVE" },
    { key: "new-users-today", label: to("newUsersToday"), value: f.number(d.newUsers.today), href: "/admin/users" },
    { key: "new-users-7", label: to("newUsers7"), value: f.number(d.newUsers.last7), href: "/admin/users" },
    { key: "new-users-30", label: to("newUsers30"), value: f.number(d.newUsers.last30), href: "/admin/users" },
    { key: "traffic-today", label: to("trafficToday"), value: formatBytes(d.traffic.today), href: "/admin/traffic" },
    { key: "traffic-7", label: to("traffic7"), value: formatBytes(d.traffic.last7), href: "/admin/traffic" },
  ];

  const { total, admins } = d.users;
  const byStatus = STATUSES.map((s) => [s, d.users.byStatus[s] ?? 0] as const);
  const cards = [
    { key: "total", label: t("totalUsers"), value: total, href: "/admin/users" },
    ...byStatus.map(([s, n]) => ({ key: s, label: ts(s), value: n, href: `/admin/users?status=${s}` })),
    { key: "admins", label: t("admins"), value: admins, href: "/admin/users?role=ADMIN" },
  ];

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t("title")}</Title>
        <Text size="sm" c="dimmed">
          {to("zoneNote")}
        </Text>
      </div>
      <MissingContactAlert contact={info.site.supportContact} withLink />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        {figures.map((c) => (
          <StatCard key={c.key} testId={`stat-${c.key}`} label={c.label} value={c.value} hint={c.hint} href={c.href} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <DailyBarChart testId="chart-revenue" title={to("revenueChart")} series={to("seriesRevenue")} days={d.daily.days} values={d.daily.revenue} unit={{ kind: "money", currency: d.currency }} color="teal.6" />
        <DailyBarChart testId="chart-new-users" title={to("newUsersChart")} series={to("seriesUsers")} days={d.daily.days} values={d.daily.newUsers} unit={{ kind: "count" }} color="blue.6" />
        <DailyBarChart testId="chart-traffic" title={to("trafficChart")} series={to("seriesTraffic")} days={d.daily.trafficDays} values={d.daily.traffic} unit={{ kind: "bytes" }} color="grape.6" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <OrdersByStatusPanel orders={d.orders} />
        <NodeHealthPanel nodes={d.nodes} />
        <RiskEventsPanel events={d.riskEvents} />
      </SimpleGrid>
      <NodeIncidentsPanel incidents={d.incidents} />
      {wallet ? <WalletDashboardPanel data={wallet} currency={d.currency} /> : null}
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
        {recent.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("noUsers")}
          </Text>
        ) : (
          <Stack gap="xs">
            {recent.rows.map((u) => (
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
    </Stack>
  );
}
