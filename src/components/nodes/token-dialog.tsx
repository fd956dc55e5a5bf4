"use client";
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { CopyField } from "./copy-field";

/** The new agent token, shown this one time, with what the agent needs to use it. Only the buttons
 *  close it: a stray Esc or click beside it would lose a token that cannot be shown again. */
export function TokenDialog({ token, serviceUrl, onClose }: { token: string | null; serviceUrl: string; onClose: () => void }) {
  const t = useTranslations("nodes.token");
  const base = serviceUrl.replace(/\/+$/, "");
  const config = token ? [`RELAYBOARD_URL=${base}`, `RELAYBOARD_AGENT_TOKEN=${token}`].join("\n") : "";
  const header = token ? `Authorization: Bearer ${token}` : "";
  const curl = token
    ? [
        `curl -X POST ${base}/api/agent/latency \\`,
        `  -H "Authorization: Bearer ${token}" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '{"latencies":[{"carrier":"telecom","latencyMs":42}]}'`,
      ].join("\n")
    : "";
  return (
    <Modal opened={!!token} onClose={onClose} title={t("dialogTitle")} centered size="lg" closeOnClickOutside={false} closeOnEscape={false} data-testid="token-dialog">
      {token ? (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="token-warning">
            {t("onceWarning")}
          </Alert>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t("tokenLabel")}
            </Text>
            <CopyField value={token} testId="token-value" copyTestId="token-copy" />
          </div>
          <div>
            <Text size="sm" fw={500}>
              {t("configLabel")}
            </Text>
            <Text size="xs" c="dimmed" mb={4}>
              {t("configHint")}
            </Text>
            <CopyField value={config} block testId="token-config" />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t("headerLabel")}
            </Text>
            <CopyField value={header} testId="token-header" />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t("curlLabel")}
            </Text>
            <CopyField value={curl} block />
          </div>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="token-done">
              {t("done")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
