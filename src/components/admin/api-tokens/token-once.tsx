"use client";
// The new token, shown this once: selectable text (the clipboard API is missing on plain http) with a copy button.
import { Alert, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { CopyField } from "@/components/nodes/copy-field";

export function TokenOnce({ token }: { token: string }) {
  const t = useTranslations("adminApiTokens");
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t("onceWarning")}
      </Alert>
      <CopyField value={token} testId="api-token-value" copyTestId="api-token-copy" />
      <Text size="sm" c="dimmed">
        {t("usage")}
      </Text>
    </Stack>
  );
}
