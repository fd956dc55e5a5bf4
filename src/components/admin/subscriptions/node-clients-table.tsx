"use client";
// The subscription's clients on the panels: where, on or off, whether the panel has caught up with
// what it was told, and the last failure when it has not.
import { Badge, Card, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { NodeClientState } from "@/server/db/schema/commerce";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { useWhen } from "../orders/order-labels";

export interface ClientRow {
  id: string;
  email: string;
  protocol: string;
  nodeName: string;
  inboundName: string;
  enable: boolean;
  panelState: NodeClientState;
  lastError: string | null;
  syncedAt: Date | null;
}

const STATE_COLORS: Record<NodeClientState, string> = { PENDING: "yellow", SYNCED: "teal", ERROR: "red" };

function StateBadge({ c }: { c: ClientRow }) {
  const t = useTranslations("adminSubscriptions.detail");
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATE_COLORS[c.panelState]} variant="light" data-testid="client-panel-state" data-state={c.panelState}>
        {t(`panelState.${c.panelState}`)}
      </Badge>
      <Badge color={c.enable ? "teal" : "gray"} variant="outline" data-testid="client-enable" data-enable={c.enable}>
        {c.enable ? t("enabled") : t("disabled")}
      </Badge>
    </Group>
  );
}

export function NodeClientsTable({ rows }: { rows: ClientRow[] }) {
  const t = useTranslations("adminSubscriptions.detail");
  const when = useWhen();
  const phone = usePhoneLayout();
  if (rows.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text size="sm" c="dimmed" ta="center" data-testid="clients-empty">
          {t("clientsEmpty")}
        </Text>
      </Card>
    );
  }
  const error = (c: ClientRow) =>
    c.lastError ? (
      <Text size="xs" c="red" style={{ overflowWrap: "anywhere", whiteSpace: "normal" }} data-testid="client-last-error">
        {t("lastError")}: {c.lastError}
      </Text>
    ) : null;
  if (phone) {
    return (
      <Stack gap="xs" data-testid="clients-table">
        {rows.map((c) => (
          <Card key={c.id} withBorder padding="sm" data-testid="client-row">
            <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
              {c.nodeName} · {c.inboundName}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {c.protocol} · {c.email}
            </Text>
            <Group mt={6}>
              <StateBadge c={c} />
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {t("syncedAt")}: {c.syncedAt ? when(c.syncedAt) : t("never")}
            </Text>
            {error(c)}
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder padding={0} data-testid="clients-table">
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="xs" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("node")}</Table.Th>
              <Table.Th>{t("inbound")}</Table.Th>
              <Table.Th>{t("clientEmail")}</Table.Th>
              <Table.Th>{t("stateColumn")}</Table.Th>
              <Table.Th>{t("syncedAt")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.id} data-testid="client-row">
                <Table.Td>{c.nodeName}</Table.Td>
                <Table.Td>
                  <Text size="sm">{c.inboundName}</Text>
                  <Text size="xs" c="dimmed">
                    {c.protocol}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={c.email}>
                    <Text size="xs" ff="monospace" maw={220} truncate>
                      {c.email}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "normal", minWidth: 200 }}>
                  <StateBadge c={c} />
                  {error(c)}
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{c.syncedAt ? when(c.syncedAt) : t("never")}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
