"use client";
// The API tokens page: the list (a table, or cards on a phone), "New token", and revoke with a confirmation.
import { Badge, Button, Code, Group, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { revokeApiTokenAction } from "@/app/admin/api-tokens/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import type { ApiTokenRow, ApiTokenState } from "@/server/services/api-tokens/manage";
import { CardActions, CardFact, CardHead, ListView, Truncated, type Column } from "../list-kit";
import { CreateTokenDialog } from "./create-token-dialog";

const STATE_COLOR: Record<ApiTokenState, string> = { active: "teal", expired: "yellow", revoked: "gray" };

function ScopeBadges({ scopes }: { scopes: string[] }) {
  return (
    <Group gap={4} wrap="wrap">
      {scopes.map((s) => (
        <Badge key={s} size="sm" variant="outline" color="blue" style={{ flexShrink: 0, textTransform: "none" }} ff="monospace">
          {s}
        </Badge>
      ))}
    </Group>
  );
}

export function ApiTokensManager({ rows }: { rows: ApiTokenRow[] }) {
  const t = useTranslations("adminApiTokens");
  const f = useFormatter();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const when = (d: Date | null, none: string) => (d ? f.dateTime(new Date(d), { dateStyle: "medium", timeStyle: "short" }) : none);
  const state = (r: ApiTokenRow) => (
    <Badge size="sm" variant="light" color={STATE_COLOR[r.state]} style={{ flexShrink: 0 }} data-testid={`api-token-state-${r.id}`}>
      {t(`state.${r.state}`)}
    </Badge>
  );
  const revokeButton = (r: ApiTokenRow) =>
    r.state === "revoked" ? null : (
      <Button size="xs" variant="light" color="red" onClick={() => {
          setRevokeError(null);
          setRevoking(r);
        }} aria-label={`${t("revoke")} ${r.name}`} data-testid={`api-token-revoke-${r.id}`}>
        {t("revoke")}
      </Button>
    );

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    setRevokeError(null);
    const r = await revokeApiTokenAction(revoking.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setRevokeError(messageOf(r.error));
    notifySuccess(t("revoked", { name: revoking.name }));
    setRevoking(null);
    router.refresh();
  };

  const columns: Column<ApiTokenRow>[] = [
    { key: "name", header: t("columns.name"), cell: (r) => <Truncated text={r.name} fw={500} /> },
    { key: "prefix", header: t("columns.prefix"), cell: (r) => <Code>{r.prefix}</Code> },
    { key: "scopes", header: t("columns.scopes"), cell: (r) => <ScopeBadges scopes={r.scopes} />, style: () => ({ whiteSpace: "normal", minWidth: 180 }) },
    { key: "expires", header: t("columns.expires"), cell: (r) => when(r.expiresAt, t("noExpiry")) },
    { key: "lastUsed", header: t("columns.lastUsed"), cell: (r) => when(r.lastUsedAt, t("never")) },
    { key: "created", header: t("columns.created"), cell: (r) => when(r.createdAt, "") },
    { key: "state", header: t("columns.state"), cell: state },
    { key: "actions", header: t("columns.actions"), cell: (r) => revokeButton(r), sticky: true, align: "right" },
  ];

  return (
    <>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="api-token-create">
          {t("create")}
        </Button>
      </Group>
      <ListView
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        testId="api-tokens"
        minWidth={960}
        empty={t("empty")}
        rowAttrs={(r) => ({ "data-testid": `api-token-row-${r.id}` })}
        card={(r) => (
          <>
            <CardHead title={r.name} aside={state(r)} />
            <Text size="xs" mt={4} ff="monospace">
              {r.prefix}
            </Text>
            <Group mt={6}>
              <ScopeBadges scopes={r.scopes} />
            </Group>
            <CardFact mt={6} label={t("columns.expires")} value={when(r.expiresAt, t("noExpiry"))} />
            <CardFact label={t("columns.lastUsed")} value={when(r.lastUsedAt, t("never"))} />
            <CardFact label={t("columns.created")} value={when(r.createdAt, "")} />
            {r.state === "revoked" ? null : <CardActions>{revokeButton(r)}</CardActions>}
          </>
        )}
      />
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        opened={revoking !== null}
        title={t("revokeTitle", { name: revoking?.name ?? "" })}
        confirmLabel={t("revoke")}
        cancelLabel={t("cancel")}
        busy={busy}
        error={revokeError}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
        testId="api-token-revoke"
      >
        {t("revokeText")}
      </ConfirmModal>
    </>
  );
}
