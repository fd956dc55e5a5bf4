"use client";
import { ActionIcon, Badge, Card, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteInbound } from "@/app/admin/nodes/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { stickyEndCell } from "@/components/shell/sticky-end-cell";
import { ConfirmModal } from "./confirm-modal";
import { InboundNameEditor } from "./inbound-name-editor";
import { useRowName } from "../a11y/row-name";
import { RelativeTime } from "./relative-time";
import { useCan } from "@/components/admin/staff-permissions";

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
  const rowName = useRowName();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [deleting, setDeleting] = useState<InboundRow | null>(null);
  // Deleting an inbound is a node write (issue 29).
  const mayDelete = useCan()("nodes.write");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const phone = usePhoneLayout();

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

  const stateOf = (i: InboundRow) => (
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
  );
  const deleteButton = (i: InboundRow) =>
    !mayDelete ? null : (
      <Tooltip label={t("delete")}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={rowName(t("delete"), i.tag || `${i.protocol}:${i.port}`)}
          onClick={() => {
            setError(null);
            setDeleting(i);
          }}
          data-testid="inbound-delete"
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    );
  const confirm = (
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
  );

  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="inbounds-empty">
        {t("empty")}
      </Text>
    );
  }

  // On a phone each inbound is a card: protocol and port, state and the delete action up top, the
  // display-name editor at full width.
  if (phone) {
    return (
      <Stack gap="xs" data-testid="inbounds-cards">
        {rows.map((i) => (
          <Card key={i.id} withBorder padding="sm" data-testid="inbound-row" data-inbound-id={i.id} data-panel-id={i.panelInboundId} data-active={i.active} style={i.active ? undefined : { opacity: 0.7 }}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                    <Text span size="sm" c="dimmed">
                      #{i.panelInboundId}
                    </Text>{" "}
                    {i.protocol} {i.listen ? `${i.listen}:` : ""}
                    {i.port}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {t("labeled", { label: t("tag"), value: i.tag || "—" })} · {t("labeled", { label: t("remark"), value: i.remark || "—" })}
                  </Text>
                </div>
                {deleteButton(i)}
              </Group>
              <Group gap="xs" justify="space-between">
                {stateOf(i)}
                <Text size="xs" c="dimmed">
                  {t("labeled", { label: t("clients"), value: i.clientCount })}
                </Text>
              </Group>
              <InboundNameEditor key={`${i.id}:${i.displayName ?? ""}`} inbound={i} fullWidth />
              <RelativeTime date={i.syncedAt} size="xs" c="dimmed" />
            </Stack>
          </Card>
        ))}
        {confirm}
      </Stack>
    );
  }

  return (
    <Card withBorder padding={0} data-testid="inbounds-table">
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
              <Table.Th style={stickyEndCell()} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((i, idx) => (
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
                <Table.Td>{stateOf(i)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{i.clientCount}</Text>
                </Table.Td>
                <Table.Td>
                  <RelativeTime date={i.syncedAt} size="xs" />
                </Table.Td>
                <Table.Td style={stickyEndCell(idx % 2 === 0)}>{deleteButton(i)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {confirm}
    </Card>
  );
}
