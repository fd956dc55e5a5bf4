"use client";
// The admin ticket queue: a table on wide screens, cards on phones (usePhoneLayout). Tickets waiting
// on staff come first, then by latest message; unread ones (the user wrote since staff last looked)
// carry a marker and a red edge.
import { Card, Group, Stack, Table, Text } from "@mantine/core";
import { IconLifebuoy } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { AnchorLink, ButtonLink } from "@/components/links";
import { EmptyState } from "@/components/shell/empty-state";
import { stickyEndCell } from "@/components/shell/sticky-end-cell";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import type { TicketCategory, TicketPriority, TicketStatus } from "@/server/db/schema/support-kinds";
import { TicketPriorityBadge, TicketStatusBadge, UnreadMark } from "./ticket-labels";

export interface QueueRow {
  id: string;
  subject: string;
  userEmail: string;
  status: TicketStatus;
  priority: TicketPriority;
  category: TicketCategory;
  assignee: string | null;
  lastMessageAt: Date;
  unread: boolean;
}

const edge = "inset 4px 0 0 var(--mantine-color-red-filled)";

export function AdminQueue({ rows, filtered }: { rows: QueueRow[]; filtered: boolean }) {
  const t = useTranslations("tickets");
  const format = useFormatter();
  const phone = usePhoneLayout();
  const when = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short" });
  const open = (r: QueueRow) => (
    <ButtonLink href={`/admin/tickets/${r.id}`} variant="default" size="compact-xs" aria-label={t("admin.openLabel", { subject: r.subject })} data-testid="admin-ticket-open">
      {t("admin.open")}
    </ButtonLink>
  );
  const subject = (r: QueueRow) => (
    <AnchorLink href={`/admin/tickets/${r.id}`} size="sm" fw={r.unread ? 700 : 500} style={{ overflowWrap: "anywhere", whiteSpace: "normal" }}>
      {r.subject}
    </AnchorLink>
  );

  if (rows.length === 0) {
    return <EmptyState icon={<IconLifebuoy size={26} />} title={filtered ? t("admin.emptyFiltered") : t("admin.empty")} hint={t("admin.emptyHint")} testId="admin-tickets-empty" />;
  }

  if (phone) {
    return (
      <Stack gap="xs" data-testid="admin-tickets-cards">
        {rows.map((r) => (
          <Card key={r.id} withBorder padding="sm" style={r.unread ? { boxShadow: edge } : undefined} data-testid="admin-ticket-row" data-unread={r.unread} data-status={r.status}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                {subject(r)}
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {r.userEmail}
                </Text>
              </Stack>
              {r.unread ? <UnreadMark /> : null}
            </Group>
            <Group gap={6} mt={6} wrap="wrap">
              <TicketStatusBadge status={r.status} />
              <TicketPriorityBadge priority={r.priority} />
              <Text size="xs" c="dimmed">
                {t(`category.${r.category}`)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {t("admin.labeled", { label: t("admin.assignee"), value: r.assignee ?? t("admin.unassigned") })}
            </Text>
            <Group justify="space-between" mt={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {t("lastActivity", { when: when(r.lastMessageAt) })}
              </Text>
              {open(r)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder padding={0} data-testid="admin-tickets-table">
      <Table.ScrollContainer minWidth={1000} type="native">
        <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("subject")}</Table.Th>
              <Table.Th>{t("admin.user")}</Table.Th>
              <Table.Th>{t("admin.statusLabel")}</Table.Th>
              <Table.Th>{t("priorityLabel")}</Table.Th>
              <Table.Th>{t("categoryLabel")}</Table.Th>
              <Table.Th>{t("admin.assignee")}</Table.Th>
              <Table.Th>{t("admin.lastMessage")}</Table.Th>
              <Table.Th ta="right" style={stickyEndCell()}>
                {t("admin.actions")}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, idx) => (
              <Table.Tr key={r.id} data-testid="admin-ticket-row" data-unread={r.unread} data-status={r.status}>
                <Table.Td style={{ boxShadow: r.unread ? edge : undefined, minWidth: 240, whiteSpace: "normal" }}>
                  <Group gap={6} wrap="nowrap">
                    {r.unread ? <UnreadMark /> : null}
                    {subject(r)}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.userEmail}</Text>
                </Table.Td>
                <Table.Td>
                  <TicketStatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>
                  <TicketPriorityBadge priority={r.priority} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`category.${r.category}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={r.assignee ? undefined : "dimmed"}>
                    {r.assignee ?? t("admin.unassigned")}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Text size="xs">{when(r.lastMessageAt)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={stickyEndCell(idx % 2 === 0)}>
                  {open(r)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
