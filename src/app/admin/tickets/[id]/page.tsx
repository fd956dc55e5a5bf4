import { Grid, GridCol, Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { AdminTicketControls } from "@/components/tickets/admin-ticket-controls";
import { ReplyBox } from "@/components/tickets/reply-box";
import { TicketHeader } from "@/components/tickets/ticket-header";
import { TicketThread, type ThreadMessage } from "@/components/tickets/ticket-thread";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { hasPermission } from "@/server/context";
import { isDomainError } from "@/server/errors";
import { getTicketAdmin, listTicketAssignees } from "@/server/services/support";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("tickets") };
}

export default async function AdminTicketPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdminPage("tickets.read");
  const { id } = await params;
  const ctx = await requestCtx();
  // Opening the thread marks it read for staff.
  const loaded = await getTicketAdmin(ctx, id).catch((err: unknown) => {
    if (isDomainError(err) && (err.code === "NOT_FOUND" || err.code === "VALIDATION")) notFound();
    throw err;
  });
  const [admins, t, format] = await Promise.all([listTicketAssignees(ctx), getTranslations("tickets"), getFormatter()]);
  const { ticket, userEmail, messages } = loaded;
  const thread: ThreadMessage[] = messages.map((m) => ({ id: m.id, authorRole: m.authorRole, authorName: m.authorName, body: m.body, createdAt: m.createdAt, attachments: m.attachments }));
  const closed = ticket.status === "CLOSED";
  // Replying, assigning, closing and deleting are tickets.write; tickets.read shows the thread.
  const mayWrite = hasPermission(ctx, "tickets.write");

  return (
    <Stack gap="md" data-testid="admin-ticket-page" data-status={ticket.status}>
      <TicketHeader
        back={{ href: "/admin/tickets", label: t("admin.back") }}
        subject={ticket.subject}
        status={ticket.status}
        priority={ticket.priority}
        facts={`${t(`category.${ticket.category}`)} · ${userEmail} · ${t("openedAt", { when: format.dateTime(ticket.createdAt, { dateStyle: "medium", timeStyle: "short" }) })}`}
      />
      <Grid gap="md">
        <GridCol span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md">
            <TicketThread messages={thread} side="admin" userLabel={userEmail} />
            {mayWrite ? <ReplyBox url={`/api/admin/support/tickets/${ticket.id}/replies`} hint={closed ? t("admin.replyReopens") : t("admin.replyHint")} /> : null}
          </Stack>
        </GridCol>
        <GridCol span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          {mayWrite ? (
            <AdminTicketControls
              ticket={{ id: ticket.id, subject: ticket.subject, status: ticket.status, priority: ticket.priority, category: ticket.category, assigneeId: ticket.assigneeId }}
              admins={admins.map((a) => ({ id: a.id, label: a.name || a.email }))}
              meId={ctx.actor.userId ?? null}
            />
          ) : null}
        </GridCol>
      </Grid>
    </Stack>
  );
}
