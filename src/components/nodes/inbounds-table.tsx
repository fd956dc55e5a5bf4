"use client";
import { ActionIcon, Badge, Card, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteInbound } from "@/app/admin/nodes/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "./confirm-modal";
import { InboundNameEditor } from "./inbound-name-editor";
import { RelativeTime } from "./relative-time";

export interface InboundRow {
  id: string;
  panelInboundId: number;
  tag: string;
  remark: string;
  displayName: string | null;
  name: string;
  protocol: string;
  port: number;
  listen: string;
  enabled: boolean;
  active: boolean;
  clientCount: number;
  syncedAt: Date;
}

export function InboundsTable({ rows }: { rows: InboundRow[] }) {
  const t = useTranslations("nodes.inbounds");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [deleting, setDeleting] = useState<InboundRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    const r = await deleteInbound(deleting.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("deleted", { name: deleting.name }));
    setDeleting(null);
    router.refresh();
  };

  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="inbounds-empty">
        {t("empty")}
      </Text>
    );
  }

  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={900} type="native">
        <Table striped highlightOnHover verticalSpacing="xs" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("id")}</Table.Th>
              <Table.Th>{t("protocol")}</Table.Th>
              <Table.Th>{t("port")}</Table.Th>
              <Table.Th>{t("tag")}</Table.Th>
              <Table.Th>{t("remark")}</Table.Th>
              <Table.Th>{t("displayName")}</Table.Th>
              <Table.Th>{t("state")}</Table.Th>
              <Table.Th>{t("clients")}</Table.Th>
              <Table.Th>{t("syncedAt")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((i) => (
              <Table.Tr key={i.id} data-testid="inbound-row" data-inbound-id={i.id} data-panel-id={i.panelInboundId} data-active={i.active} style={i.active ? undefined : { opacity: 0.7 }}>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    #{i.panelInboundId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {i.protocol}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {i.listen ? `${i.listen}:` : ""}
                    {i.port}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {i.tag || "—"}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{i.remark || "—"}</Text>
                </Table.Td>
                <Table.Td>
                  <InboundNameEditor key={`${i.id}:${i.displayName ?? ""}`} inbound={i} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={i.active ? t("activeHint") : t("inactiveHint")} multiline maw={280}>
                      <Badge color={i.active ? "teal" : "gray"} variant="light" data-testid="inbound-active">
                        {i.active ? t("active") : t("inactive")}
                      </Badge>
                    </Tooltip>
                    {i.active && !i.enabled ? (
                      <Badge color="orange" variant="light">
                        {t("disabledOnPanel")}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{i.clientCount}</Text>
                </Table.Td>
                <Table.Td>
                  <RelativeTime date={i.syncedAt} size="xs" />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t("delete")}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("delete")}
                      onClick={() => {
                        setError(null);
                        setDeleting(i);
                      }}
                      data-testid="inbound-delete"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmModal
        opened={!!deleting}
        title={t("deleteTitle")}
        confirmLabel={t("deleteConfirm")}
        busy={busy}
        error={error}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
        testId="inbound-delete"
      >
        {t("deleteText", { name: deleting?.name ?? "" })}
      </ConfirmModal>
    </Card>
  );
}
