import { Alert, Group, Stack, Text } from "@mantine/core";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { ButtonLink } from "@/components/links";
import { MyTicketActions } from "@/components/tickets/my-ticket-actions";
import { ReplyBox } from "@/components/tickets/reply-box";
import { TicketHeader } from "@/components/tickets/ticket-header";
import { TicketThread, type ThreadMessage } from "@/components/tickets/ticket-thread";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { isDomainError } from "@/server/errors";
import { getMyTicket } from "@/server/services/support";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("tickets") };
}

/** The ticket (marked read for its owner), or 404 for a malformed id, someone else's ticket or none. */
async function loadTicket(id: string) {
  try {
    return await getMyTicket(await requestCtx(), id);
  } catch (err) {
    if (isDomainError(err) && (err.code === "NOT_FOUND" || err.code === "VALIDATION")) notFound();
    throw err;
  }
}

export default async function TicketPage({ params }: { params: Promise<{ id: string }> }) {
  await requireUserPage();
  const { id } = await params;
  const [{ ticket, messages }, t, format] = await Promise.all([loadTicket(id), getTranslations("tickets"), getFormatter()]);
  const closed = ticket.status === "CLOSED";
  const thread: ThreadMessage[] = messages.map((m) => ({ id: m.id, authorRole: m.authorRole, authorName: null, body: m.body, createdAt: m.createdAt, attachments: m.attachments }));
  return (
    <Stack gap="md" data-testid="ticket-page" data-status={ticket.status}>
      <TicketHeader
        back={{ href: "/tickets", label: t("back") }}
        subject={ticket.subject}
        status={ticket.status}
        priority={ticket.priority}
        facts={`${t(`category.${ticket.category}`)} · ${t("openedAt", { when: format.dateTime(ticket.createdAt, { dateStyle: "medium", timeStyle: "short" }) })}`}
      />
      <Group justify="flex-end">
        <MyTicketActions ticketId={ticket.id} closed={closed} />
      </Group>
      <TicketThread messages={thread} side="user" />
      {closed ? (
        // The service takes no reply on a closed ticket: a new question is a new ticket.
        <Alert color="gray" variant="light" title={t("closedTitle")} data-testid="ticket-closed-note">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("closedBody")}</Text>
            <ButtonLink href="/tickets/new" size="xs" variant="light">
              {t("new")}
            </ButtonLink>
          </Stack>
        </Alert>
      ) : (
        <ReplyBox url={`/api/support/tickets/${ticket.id}/replies`} hint={t("replyHintUser")} />
      )}
    </Stack>
  );
}
