import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { BackupDownloadCard } from "@/components/admin/backup/download-card";
import { RestoreForm } from "@/components/admin/backup/restore-form";
import { StoredBackups } from "@/components/admin/backup/stored-backups";
import { ButtonLink } from "@/components/links";
import { PageHeading } from "@/components/shell/page-heading";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { hasPermission } from "@/server/context";
import { listStoredBackups, RESTORE_CONFIRM_WORD } from "@/server/services/backup";
import { getSettingsWithSecrets } from "@/server/services/settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("backup") };
}

const PAGE_SIZE = 20;

export default async function BackupPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("backup.manage");
  const sp = await searchParams;
  const ctx = await requestCtx();
  // The schedule's three fields only (settings.read is the settings page's permission, not this one's).
  const [settings, stored, t, f] = await Promise.all([getSettingsWithSecrets(ctx.db), listStoredBackups(ctx), getTranslations("adminBackup"), getFormatter()]);
  const q = (oneParam(sp.q) ?? "").trim().slice(0, 100);
  const matching = q ? stored.filter((s) => s.name.includes(q)) : stored;
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), pages);

  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <BackupDownloadCard />
      <RestoreForm word={RESTORE_CONFIRM_WORD} />
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h4">
              {t("scheduleTitle")}
            </Title>
            <Badge color={settings.backupScheduleEnabled ? "green" : "gray"} variant="light">
              {settings.backupScheduleEnabled ? t("scheduleOn", { keep: settings.backupKeepCount }) : t("scheduleOff")}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t("scheduleHint")}
          </Text>
          <Text size="sm">{t("lastRun", { when: settings.lastBackupAt ? f.dateTime(new Date(settings.lastBackupAt), { dateStyle: "medium", timeStyle: "short" }) : t("never") })}</Text>
          {hasPermission(ctx, "settings.write") ? (
            <Group>
              <ButtonLink href="/admin/settings" variant="default" size="xs">
                {t("editSettings")}
              </ButtonLink>
            </Group>
          ) : null}
        </Stack>
      </Card>
      <StoredBackups rows={matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)} total={stored.length} matching={matching.length} page={page} pages={pages} q={q} />
    </Stack>
  );
}
