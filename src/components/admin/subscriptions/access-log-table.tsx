"use client";
// The subscription's access history: when, from where, with which client, what format was served
// or why it was refused, and whether it was a link fetch or a node connection.
import { Badge, Card, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { AccessOutcome, AccessSource } from "@/server/db/schema/delivery";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { useWhen } from "../orders/order-labels";

export interface AccessRow {
  id: number;
  createdAt: Date;
  ip: string;
  userAgent: string;
  format: string;
  outcome: AccessOutcome;
  source: AccessSource;
  nodeName: string | null;
}

function Outcome({ outcome }: { outcome: AccessOutcome }) {
  const t = useTranslations("adminSubscriptions.detail");
  return (
    <Badge color={outcome === "OK" ? "teal" : outcome === "rate_limited" ? "yellow" : "red"} variant="light" data-testid="access-outcome" data-outcome={outcome}>
      {t(`outcomes.${outcome}`)}
    </Badge>
  );
}

export function AccessLogTable({ rows }: { rows: AccessRow[] }) {
  const t = useTranslations("adminSubscriptions.detail");
  const when = useWhen();
  const phone = usePhoneLayout();
  if (rows.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text size="sm" c="dimmed" ta="center" data-testid="access-empty">
          {t("accessEmpty")}
        </Text>
      </Card>
    );
  }
  const source = (r: AccessRow) => (r.source === "NODE" && r.nodeName ? `${t("sources.NODE")} · ${r.nodeName}` : t(`sources.${r.source}`));
  if (phone) {
    return (
      <Stack gap="xs" data-testid="access-table">
        {rows.map((r) => (
          <Card key={r.id} withBorder padding="sm" data-testid="access-row">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs">{when(r.createdAt)}</Text>
              <Outcome outcome={r.outcome} />
            </Group>
            <Text size="sm" ff="monospace" mt={4} style={{ overflowWrap: "anywhere" }}>
              {r.ip}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {[source(r), r.format || null, r.userAgent || null].filter(Boolean).join(" · ")}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder padding={0} data-testid="access-table">
      <Table.ScrollContainer minWidth={820} type="native">
        <Table striped verticalSpacing="xs" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("time")}</Table.Th>
              <Table.Th>{t("ip")}</Table.Th>
              <Table.Th>{t("userAgent")}</Table.Th>
              <Table.Th>{t("format")}</Table.Th>
              <Table.Th>{t("outcome")}</Table.Th>
              <Table.Th>{t("source")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id} data-testid="access-row">
                <Table.Td>
                  <Text size="xs">{when(r.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {r.ip}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {r.userAgent ? (
                    <Tooltip label={r.userAgent} multiline maw={360}>
                      <Text size="xs" maw={240} truncate>
                        {r.userAgent}
                      </Text>
                    </Tooltip>
                  ) : (
                    <Text size="xs" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{r.format || "—"}</Text>
                </Table.Td>
                <Table.Td>
                  <Outcome outcome={r.outcome} />
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{source(r)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
