"use client";
// The user's tickets, latest activity first: one card per ticket (the same on a phone), with its
// status in words, category, priority and a marker when support answered and it is not read yet.
// The all / open / closed filter lives in the URL.
import { Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconLifebuoy } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { ButtonLink, CardLink } from "@/components/links";
import { EmptyState } from "@/components/shell/empty-state";
import type { TicketCategory, TicketPriority, TicketStatus } from "@/server/db/schema/support-kinds";
import { TicketPriorityBadge, TicketStatusBadge, UnreadMark } from "./ticket-labels";

export interface MyTicketRow {
  id: string;
  subject: string;
  status: TicketStatus;
  category: TicketCategory;
  priority: TicketPriority;
  lastMessageAt: Date;
  unread: boolean;
}

export type MyTicketFilter = "all" | "open" | "closed";

export function MyTicketsList({ rows, filter }: { rows: MyTicketRow[]; filter: MyTicketFilter }) {
  const t = useTranslations("tickets");
  const format = useFormatter();
  const router = useRouter();
  const pathname = usePathname();

  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        w="fit-content"
        value={filter}
        onChange={(v) => router.push(v === "all" ? pathname : `${pathname}?status=${v}`)}
        data={[
          { value: "all", label: t("filterAll") },
          { value: "open", label: t("filterOpen") },
          { value: "closed", label: t("filterClosed") },
        ]}
        data-testid="tickets-filter"
      />
      {rows.length === 0 ? (
        <EmptyState icon={<IconLifebuoy size={26} />} title={filter === "all" ? t("empty") : t("emptyFiltered")} hint={t("emptyHint")} testId="tickets-empty">
          <ButtonLink href="/tickets/new" size="xs" mt="xs">
            {t("new")}
          </ButtonLink>
        </EmptyState>
      ) : (
        <Stack gap="xs" data-testid="tickets-list">
          {rows.map((r) => (
            <CardLink
              key={r.id}
              href={`/tickets/${r.id}`}
              withBorder
              padding="sm"
              style={r.unread ? { borderLeft: "4px solid var(--mantine-color-red-filled)" } : undefined}
              data-testid="ticket-row"
              data-unread={r.unread}
              data-status={r.status}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={r.unread ? 700 : 500} style={{ overflowWrap: "anywhere" }} data-testid="ticket-subject-text">
                    {r.subject}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    <TicketStatusBadge status={r.status} />
                    <TicketPriorityBadge priority={r.priority} />
                    <Text size="xs" c="dimmed">
                      {t(`category.${r.category}`)}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t("lastActivity", { when: format.dateTime(r.lastMessageAt, { dateStyle: "medium", timeStyle: "short" }) })}
                  </Text>
                </Stack>
                {r.unread ? <UnreadMark /> : null}
              </Group>
            </CardLink>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
