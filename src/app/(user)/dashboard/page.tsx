import { Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { AnnouncementList } from "@/components/announcements/announcement-list";
import { requestAnnouncements } from "@/components/announcements/request-announcements";
import { toShownItem } from "@/components/announcements/shown";
import { LabeledField } from "@/components/labeled-field";
import { PageHeading } from "@/components/shell/page-heading";
import { PlaceholderCard } from "@/components/shell/placeholder-card";
import { RoleBadge } from "@/components/shell/role-badge";
import { StatusBadge } from "@/components/shell/status-badge";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getOwnAccount } from "@/server/services/accounts";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("dashboard") };
}

export default async function DashboardPage() {
  await requireUserPage();
  const [user, t, f, announcements] = await Promise.all([getOwnAccount(await requestCtx()), getTranslations("dashboard"), getFormatter(), requestAnnouncements()]);
  // The layout asked already (React's per-request cache): no second query.
  const inline = announcements.filter((a) => a.display === "INLINE").map(toShownItem);
  const when = (d: Date | null) => (d ? f.dateTime(d, { dateStyle: "medium", timeStyle: "short" }) : t("never"));
  return (
    <Stack gap="lg">
      <PageHeading title={t("welcome", { name: user.name || user.email })} subtitle={t("subtitle")} />
      {inline.length ? <AnnouncementList items={inline} /> : null}
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
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PlaceholderCard title={t("subscriptionsTitle")} description={t("subscriptionsEmpty")} href="/store" linkLabel={t("toStore")} />
        <PlaceholderCard title={t("trafficTitle")} description={t("trafficEmpty")} />
      </SimpleGrid>
    </Stack>
  );
}
