import { Alert, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { AnnouncementList } from "@/components/announcements/announcement-list";
import { requestAnnouncements } from "@/components/announcements/request-announcements";
import { toShownItem } from "@/components/announcements/shown";
import { UserSubscriptionsCard } from "@/components/dashboard/user-subscriptions-card";
import { LabeledField } from "@/components/labeled-field";
import { AnchorLink, ButtonLink } from "@/components/links";
import { PageHeading } from "@/components/shell/page-heading";
import { RoleBadge } from "@/components/shell/role-badge";
import { StatusBadge } from "@/components/shell/status-badge";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getOwnAccount } from "@/server/services/accounts";
import { getUserDashboard } from "@/server/services/dashboard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("dashboard") };
}

const QUICK_LINKS = [
  ["store", "/store"],
  ["subscriptions", "/subscriptions"],
  ["orders", "/orders"],
  ["lines", "/lines"],
  ["tickets", "/tickets"],
  ["account", "/account"],
] as const;

export default async function DashboardPage() {
  await requireUserPage();
  const ctx = await requestCtx();
  const [user, data, t, to, f, announcements] = await Promise.all([
    getOwnAccount(ctx),
    getUserDashboard(ctx),
    getTranslations("dashboard"),
    getTranslations("userOverview"),
    getFormatter(),
    requestAnnouncements(),
  ]);
  // The layout asked already (React's per-request cache): no second query.
  const inline = announcements.filter((a) => a.display === "INLINE").map(toShownItem);
  const when = (d: Date | null) => (d ? f.dateTime(d, { dateStyle: "medium", timeStyle: "short" }) : t("never"));
  return (
    <Stack gap="lg">
      <PageHeading title={t("welcome", { name: user.name || user.email })} subtitle={t("subtitle")} />
      {inline.length ? <AnnouncementList items={inline} /> : null}
      {data.pendingOrders > 0 ? (
        <Alert color="yellow" variant="light" data-testid="pending-orders">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{to("pendingOrders", { count: data.pendingOrders })}</Text>
            {/* The alert's own colour, underlined: the theme's link blue is under 4.5:1 on the yellow alert, light and dark. */}
            <AnchorLink href="/orders" size="sm" c="inherit" underline="always" fw={600}>
              {to("toOrders")}
            </AnchorLink>
          </Group>
        </Alert>
      ) : null}
      <UserSubscriptionsCard data={data} />
      <Card withBorder padding="lg" data-testid="quick-links">
        <Text fw={600} mb="sm">
          {to("quickLinks")}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="xs">
          {QUICK_LINKS.map(([key, href]) => (
            <ButtonLink key={key} href={href} variant="light" fullWidth>
              {to(`links.${key}`)}
            </ButtonLink>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder padding="lg" data-testid="account-status">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text fw={600}>{t("accountTitle")}</Text>
          <StatusBadge status={user.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <LabeledField label={t("email")}>{user.email}</LabeledField>
          <LabeledField label={t("role")}>
            <RoleBadge role={user.role} />
          </LabeledField>
          <LabeledField label={t("emailVerified")}>{user.emailVerifiedAt ? when(user.emailVerifiedAt) : t("notVerified")}</LabeledField>
          <LabeledField label={t("memberSince")}>{when(user.createdAt)}</LabeledField>
          <LabeledField label={t("lastLogin")}>{when(user.lastLoginAt)}</LabeledField>
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
