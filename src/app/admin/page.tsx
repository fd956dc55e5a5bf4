import { Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { StatusBadge } from "@/components/shell/status-badge";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { countUsers, listUsers } from "@/server/services/accounts";
import { AnchorLink, CardLink } from "@/components/links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("dashboard") };
}

const STATUSES = ["ACTIVE", "PENDING_EMAIL", "DISABLED", "BANNED"] as const;

export default async function AdminDashboard() {
  await requireAdminPage();
  const ctx = await requestCtx();
  const [counts, recent, t, ts, f] = await Promise.all([
    countUsers(ctx),
    listUsers(ctx, { pageSize: 5 }),
    getTranslations("adminDashboard"),
    getTranslations("status"),
    getFormatter(),
  ]);

  const { total, admins } = counts;
  const byStatus = STATUSES.map((s) => [s, counts.byStatus[s] ?? 0] as const);
  const cards = [
    { key: "total", label: t("totalUsers"), value: total, href: "/admin/users" },
    ...byStatus.map(([s, n]) => ({ key: s, label: ts(s), value: n, href: `/admin/users?status=${s}` })),
    { key: "admins", label: t("admins"), value: admins, href: "/admin/users?role=ADMIN" },
  ];

  return (
    <Stack gap="lg">
      <Title order={2}>{t("title")}</Title>
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
