"use client";
// "Refresh traffic views": runs the traffic sync now (every node's counters, a few seconds at most
// per node) and says what it counted; the button shows the run is under way and cannot be pressed
// twice meanwhile. The traffic pages are revalidated by the action.
import { Alert, Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { refreshTrafficViewsAction } from "@/app/admin/tasks/actions";
import { FormError } from "../../forms/form-error";
import { networkError, useErrorText } from "../../forms/server-error";
import { formatBytes } from "../../subscriptions/bytes";

interface Summary { nodes: number; failedNodes: number; counted: number; bytes: number }

export function TrafficRefresh() {
  const t = useTranslations("adminTrafficRefresh");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Summary | null>(null);

  const run = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    const r = await refreshTrafficViewsAction().catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    setDone(r.data);
    router.refresh();
  };

  return (
    <Card withBorder padding="sm" data-testid="traffic-refresh">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed" style={{ flex: "1 1 240px" }}>
            {busy ? t("running") : t("hint")}
          </Text>
          <Button size="xs" variant="light" leftSection={<IconChartBar size={16} />} onClick={run} loading={busy} data-testid="traffic-refresh-run">
            {t("button")}
          </Button>
        </Group>
        <FormError>{error}</FormError>
        {done ? (
          <Alert color={done.failedNodes ? "yellow" : "teal"} variant="light" data-testid="traffic-refresh-result" data-failed={done.failedNodes}>
            <Text size="sm">{t("done", { nodes: done.nodes, counted: done.counted, bytes: formatBytes(done.bytes) })}</Text>
            {done.failedNodes ? <Text size="sm">{t("failedNodes", { count: done.failedNodes })}</Text> : null}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
