"use client";
// The new token, shown this once: selectable text (the clipboard API is missing on plain http) with a copy button.
import { ActionIcon, Alert, Box, Code, CopyButton, Stack, Text, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslations } from "next-intl";

export function TokenOnce({ token }: { token: string }) {
  const t = useTranslations("adminApiTokens");
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t("onceWarning")}
      </Alert>
      <Box pos="relative">
        <Code data-testid="api-token-value" style={{ display: "block", whiteSpace: "normal", overflowWrap: "anywhere", paddingRight: 40, userSelect: "all", fontSize: 13 }} p={8}>
          {token}
        </Code>
        <CopyButton value={token} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t("copied") : t("copy")} withArrow position="left">
              <ActionIcon variant="subtle" color={copied ? "teal" : "gray"} onClick={copy} aria-label={t("copy")} pos="absolute" top={4} right={4} data-testid="api-token-copy">
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Box>
      <Text size="sm" c="dimmed">
        {t("usage")}
      </Text>
    </Stack>
  );
}
