"use client";
// Tickets in words: status (worded for the side that reads it), priority, category and the unread
// marker. Codes are what URLs and the CLI use, never what a person reads.
import { Badge } from "@mantine/core";
import { IconPointFilled } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { TicketPriority, TicketStatus } from "@/server/db/schema/support-kinds";

export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = { OPEN: "blue", USER_REPLIED: "orange", ADMIN_REPLIED: "teal", CLOSED: "gray" };
export const TICKET_PRIORITY_COLORS: Record<TicketPriority, string> = { LOW: "gray", NORMAL: "blue", HIGH: "orange", URGENT: "red" };

/** `side`: a user reads "Answered" where an admin reads "Waiting on the user" for the same status. */
export function TicketStatusBadge({ status, side }: { status: TicketStatus; side: "user" | "admin" }) {
  const t = useTranslations("tickets");
  return (
    <Badge color={TICKET_STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }} data-testid="ticket-status" data-status={status}>
      {side === "user" ? t(`statusUser.${status}`) : t(`statusAdmin.${status}`)}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const t = useTranslations("tickets");
  return (
    <Badge color={TICKET_PRIORITY_COLORS[priority]} variant={priority === "URGENT" ? "filled" : "outline"} style={{ flexShrink: 0 }} data-testid="ticket-priority" data-priority={priority}>
      {t(`priority.${priority}`)}
    </Badge>
  );
}

/** A new message from the other side that this side has not opened yet. */
export function UnreadMark() {
  const t = useTranslations("tickets");
  return (
    <Badge color="red" variant="filled" size="sm" leftSection={<IconPointFilled size={10} aria-hidden />} style={{ flexShrink: 0 }} data-testid="ticket-unread">
      {t("unread")}
    </Badge>
  );
}
