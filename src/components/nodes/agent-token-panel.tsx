"use client";
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconKey, IconKeyOff } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { generateAgentToken, revokeAgentToken } from "@/app/admin/nodes/actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "./confirm-modal";
import { RelativeTime } from "./relative-time";
import { TokenDialog } from "./token-dialog";
import { TokenStateBadge } from "./token-state-badge";

interface Props {
  nodeId: string;
  nodeName: string;
  token: { active: boolean; createdAt: Date | null };
  lastReportAt: Date | null;
  serviceUrl: string;
}

export function AgentTokenPanel({ nodeId, nodeName, token, lastReportAt, serviceUrl }: Props) {
  const t = useTranslations("nodes.token");
  const f = useFormatter();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [shown, setShown] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [confirm, setConfirm] = useState<"regenerate" | "revoke" | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const generate = async () => {
    setGenerating(true);
    setError(null);
    const r = await generateAgentToken(nodeId).catch(() => ({ ok: false as const, error: networkError() }));
    setGenerating(false);
    if (!r.ok) {
      if (confirm) setError(messageOf(r.error));
      else notifyError(messageOf(r.error));
      return;
    }
    setConfirm(null);
    setShown(r.data.token);
    router.refresh();
  };

  const revoke = async () => {
    setBusy(true);
    setError(null);
    const r = await revokeAgentToken(nodeId).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    setConfirm(null);
    notifySuccess(t("revoked", { name: nodeName }));
    router.refresh();
  };

  return (
    <Card withBorder padding="lg" h="100%" data-testid="agent-token-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t("title")}</Text>
          <TokenStateBadge active={token.active} createdAt={token.createdAt} />
        </Group>
        <Text size="sm" c="dimmed">
          {t("explain")}
        </Text>
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" w={140}>
              {t("created")}
            </Text>
            <Text size="sm" data-testid="token-created">
              {token.active && token.createdAt ? f.dateTime(new Date(token.createdAt), { dateStyle: "medium", timeStyle: "short" }) : "—"}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" w={140}>
              {t("lastReport")}
            </Text>
            <RelativeTime date={lastReportAt} testId="token-last-report" />
          </Group>
        </Stack>
        <Group gap="xs" mt="xs">
          <Button
            leftSection={<IconKey size={16} />}
            loading={generating && !confirm}
            onClick={() => {
              setError(null);
              if (token.active) setConfirm("regenerate");
              else void generate();
            }}
            data-testid="generate-token"
          >
            {token.active ? t("regenerate") : t("generate")}
          </Button>
          {token.active ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconKeyOff size={16} />}
              onClick={() => {
                setError(null);
                setConfirm("revoke");
              }}
              data-testid="revoke-token"
            >
              {t("revoke")}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirm === "regenerate"}
        title={t("regenerateTitle")}
        confirmLabel={t("regenerate")}
        busy={generating}
        error={error}
        onConfirm={generate}
        onClose={() => setConfirm(null)}
        testId="regenerate-token"
      >
        {t("regenerateText")}
      </ConfirmModal>
      <ConfirmModal
        opened={confirm === "revoke"}
        title={t("revokeTitle")}
        confirmLabel={t("revoke")}
        busy={busy}
        error={error}
        onConfirm={revoke}
        onClose={() => setConfirm(null)}
        testId="revoke-token"
      >
        {t("revokeText")}
      </ConfirmModal>
      <TokenDialog token={shown} serviceUrl={serviceUrl} onClose={() => setShown(null)} />
    </Card>
  );
}
