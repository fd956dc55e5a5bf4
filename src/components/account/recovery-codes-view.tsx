"use client";
// Recovery codes, shown once after enrolment or regeneration: copy, download, and confirm they are
// saved before the dialog can close.
import { Button, Checkbox, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy, IconDownload } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";

export function RecoveryCodesView({ codes, account, siteName, onDone }: { codes: string[]; account: string; siteName: string; onDone: () => void }) {
  const t = useTranslations("security.twoFactor.codes");
  const [saved, setSaved] = useState(false);
  const text = [t("fileHeading", { account, site: siteName }), "", ...codes, ""].join("\n");

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${siteName.replace(/[^\w.-]+/g, "-").toLowerCase() || "account"}-recovery-codes.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t("hint")}</Text>
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} data-testid="recovery-codes">
          {codes.map((c) => (
            <Text key={c} ff="monospace" size="sm" ta="center" data-testid="recovery-code">
              {c}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group grow>
        <CopyButton value={text} timeout={1500}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} color={copied ? "teal" : undefined}>
              {copied ? t("copied") : t("copy")}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download} leftSection={<IconDownload size={16} />}>
          {t("download")}
        </Button>
      </Group>
      <Checkbox label={t("saved")} checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} data-testid="recovery-saved" />
      <Button onClick={onDone} disabled={!saved} fullWidth data-testid="recovery-done">
        {t("done")}
      </Button>
    </Stack>
  );
}
