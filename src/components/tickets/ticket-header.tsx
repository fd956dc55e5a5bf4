// The top of a ticket page, the same for its owner and for staff: the way back, the subject, the
// status (one word for both sides), the priority and a line of facts.
import { Group, Stack, Text, Title } from "@mantine/core";
import type { TicketPriority, TicketStatus } from "@/server/db/schema/support-kinds";
import { AnchorLink } from "../links";
import { TicketPriorityBadge, TicketStatusBadge } from "./ticket-labels";

interface Props {
  back: { href: string; label: string };
  subject: string;
  status: TicketStatus;
  priority: TicketPriority;
  /** Category, opening time, and for staff the user's email: already worded. */
  facts: string;
}

export function TicketHeader({ back, subject, status, priority, facts }: Props) {
  return (
    <>
      <AnchorLink href={back.href} size="sm">
        ← {back.label}
      </AnchorLink>
      <Stack gap={6}>
        <Title order={2} style={{ overflowWrap: "anywhere" }} data-testid="ticket-title">
          {subject}
        </Title>
        <Group gap={6} wrap="wrap">
          <TicketStatusBadge status={status} />
          <TicketPriorityBadge priority={priority} />
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {facts}
          </Text>
        </Group>
      </Stack>
    </>
  );
}
