// The download: a plain link to the contract endpoint, so the browser streams the file to disk.
import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { IconDatabaseExport } from "@tabler/icons-react";
import { useTranslations } from "next-intl";

export function BackupDownloadCard() {
  const t = useTranslations("adminBackup");
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs" align="flex-start">
        <Title order={3} size="h4">
          {t("downloadTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("downloadHint")}
        </Text>
        <Button component="a" href="/api/admin/backup/database" download leftSection={<IconDatabaseExport size={16} />} data-testid="backup-download">
          {t("download")}
        </Button>
      </Stack>
    </Card>
  );
}
