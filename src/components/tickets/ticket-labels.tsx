"use client";
// Tickets in words: status, priority (the label catalogue's words, the same for the user and staff)
// and the unread marker. Codes are what URLs and the CLI use, never what a person reads.
import { Badge } from "@mantine/core";
import { IconPointFilled } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { TicketPriority, TicketStatus } from "@/server/db/schema/support-kinds";
import { LabelBadge } from "../labels/label-badge";
import { useLabels } from "../labels/use-labels";

export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = { OPEN: "blue", USER_REPLIED: "orange", ADMIN_REPLIED: "teal", CLOSED: "gray" };
export const TICKET_PRIORITY_COLORS: Record<TicketPriority, string> = { LOW: "gray", NORMAL: "blue", HIGH: "orange", URGENT: "red" };

/** One word per status for both sides: "Support replied" reads true to the customer and to staff. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <LabelBadge family="ticketStatus" code={status} color={TICKET_STATUS_COLORS[status]} testId="ticket-status" />;
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const label = useLabels();
  return (
    <Badge color={TICKET_PRIORITY_COLORS[priority]} variant={priority === "URGENT" ? "filled" : "outline"} style={{ flexShrink: 0 }} data-testid="ticket-priority" data-priority={priority}>
      {label("ticketPriority", priority)}
    </Badge>
  );
}

/** Something this side has not opened yet: a new ticket (for staff) or a new message in it. */
export function UnreadMark() {
  const t = useTranslations("tickets");
  return (
    <Badge color="red" variant="filled" size="sm" leftSection={<IconPointFilled size={10} aria-hidden />} style={{ flexShrink: 0 }} data-testid="ticket-unread">
      {t("unread")}
    </Badge>
  );
}
