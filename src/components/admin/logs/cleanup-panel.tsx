"use client";
// Manual cleanup: one kind (or all) older than N days, asked once more, then the count removed per
// kind. Beside it, the automatic cleanup as the settings have it (on or off, retention days, when
// it last ran), so the admin sees whether a manual run is needed at all.
import { Badge, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconEraser } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { cleanupExpiredAdminLogs } from "@/app/admin/logs/actions";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { networkError, useErrorText } from "../../forms/server-error";
import { AnchorLink } from "../../links";
import { LOG_KINDS, type LogKind } from "./log-codes";

interface Props {
  kind: LogKind;
  auto: { enabled: boolean; retentionDays: number; lastRunAt: string | null };
}

type Target = LogKind | "all";
interface Outcome { target: Target; cutoffDays: number; counts: Partial<Record<LogKind, number>> }

export function CleanupPanel({ kind, auto }: Props) {
  const t = useTranslations("adminLogs.cleanup");
  const tk = useTranslations("adminLogs");
  const f = useFormatter();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [target, setTarget] = useState<Target>(kind);
  const [days, setDays] = useState<number | string>(auto.retentionDays);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Outcome | null>(null);
  const targetLabel = (x: Target) => (x === "all" ? t("allKinds") : tk(`kinds.${x}`));
  const validDays = typeof days === "number" && Number.isInteger(days) && days >= 1 && days <= 3650;

  const run = async () => {
    if (!validDays) return;
    setBusy(true);
    setError(null);
    const r = await cleanupExpiredAdminLogs({ target, cutoffDays: days }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    setAsking(false);
    setResult({ target: r.data.target, cutoffDays: r.data.cutoffDays, counts: r.data.counts });
    router.refresh();
  };

  return (
    <Card withBorder padding="md" data-testid="log-cleanup">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={4}>{t("title")}</Title>
          <Group gap="xs" wrap="wrap" data-testid="log-auto-cleanup" data-enabled={auto.enabled}>
            <Badge color={auto.enabled ? "teal" : "gray"} variant="light">
              {auto.enabled ? t("autoOn", { days: auto.retentionDays }) : t("autoOff")}
            </Badge>
            <Text size="xs" c="dimmed" data-testid="log-auto-last-run">
              {auto.lastRunAt ? t("lastRun", { time: f.dateTime(new Date(auto.lastRunAt), { dateStyle: "medium", timeStyle: "short" }) }) : t("neverRun")}
            </Text>
            <AnchorLink href="/admin/settings" size="xs">
              {t("settingsLink")}
            </AnchorLink>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t("hint")}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs">
          <Select
            label={t("kind")}
            data={[{ value: "all", label: t("allKinds") }, ...LOG_KINDS.map((k) => ({ value: k, label: tk(`kinds.${k}`) }))]}
            value={target}
            onChange={(v) => v && setTarget(v as Target)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="log-cleanup-kind"
          />
          <NumberInput
            label={t("days")}
            value={days}
            onChange={setDays}
            min={1}
            max={3650}
            allowDecimal={false}
            allowNegative={false}
            error={validDays ? undefined : t("daysInvalid")}
            data-testid="log-cleanup-days"
          />
          <Button
            color="red"
            variant="light"
            leftSection={<IconEraser size={16} />}
            onClick={() => {
              setError(null);
              setAsking(true);
            }}
            disabled={!validDays}
            style={{ alignSelf: "end" }}
            data-testid="log-cleanup-run"
          >
            {t("run")}
          </Button>
        </SimpleGrid>
        {result ? (
          <Stack gap={4} data-testid="log-cleanup-result">
            <Text size="sm" fw={500}>
              {t("done", { kind: targetLabel(result.target), days: result.cutoffDays })}
            </Text>
            <Table withRowBorders={false} verticalSpacing={2} maw={360}>
              <Table.Tbody>
                {LOG_KINDS.filter((k) => result.counts[k] !== undefined).map((k) => (
                  <Table.Tr key={k} data-testid="log-cleanup-count" data-kind={k}>
                    <Table.Td>
                      <Text size="sm">{tk(`kinds.${k}`)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" ff="monospace">
                        {t("removed", { count: result.counts[k] ?? 0 })}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ) : null}
      </Stack>
      <ConfirmModal opened={asking} title={t("confirmTitle")} confirmLabel={t("run")} busy={busy} error={error} onConfirm={run} onClose={() => setAsking(false)} testId="log-cleanup">
        {t("confirmBody", { kind: targetLabel(target), days: validDays ? days : 0 })}
      </ConfirmModal>
    </Card>
  );
}
