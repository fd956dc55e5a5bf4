import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { oneParam, type SearchParams } from "@/app/search-params";
import { ListFooter } from "@/components/shell/list-footer";
import { PageHeading } from "@/components/shell/page-heading";
import { AdminQueue, type QueueRow } from "@/components/tickets/admin-queue";
import { AdminQueueToolbar } from "@/components/tickets/admin-queue-toolbar";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "@/server/db/schema/support-kinds";
import { listTicketAssignees, listTicketsAdmin } from "@/server/services/support";

const PAGE_SIZE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("tickets") };
}

// An unknown filter value in a hand-edited URL is ignored rather than refused.
const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined => allowed.find((x) => x === v);

export default async function AdminTicketsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("tickets.read");
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 200) || undefined;
  const status = pick([...TICKET_STATUSES, "ACTIVE"] as const, oneParam(sp.status));
  const priority = pick(TICKET_PRIORITIES, oneParam(sp.priority));
  const category = pick(TICKET_CATEGORIES, oneParam(sp.category));
  const rawAssignee = oneParam(sp.assignee);
  const assignee = rawAssignee === "me" || rawAssignee === "none" || (rawAssignee && UUID.test(rawAssignee)) ? rawAssignee : undefined;
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const ctx = await requestCtx();
  const [result, admins, t] = await Promise.all([
    listTicketsAdmin(ctx, { q, status, priority, category, assignee, page, pageSize: PAGE_SIZE }),
    listTicketAssignees(ctx),
    getTranslations("tickets"),
  ]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  const label = (a: { name: string; email: string }) => a.name || a.email;
  const names = new Map(admins.map((a) => [a.id, label(a)]));
  const rows: QueueRow[] = result.rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    userEmail: r.userEmail,
    status: r.status,
    priority: r.priority,
    category: r.category,
    // An assignee who is no longer an active admin still shows, by a neutral word.
    assignee: r.assigneeId ? (names.get(r.assigneeId) ?? t("admin.formerAdmin")) : null,
    lastMessageAt: r.lastMessageAt,
    unread: r.unread,
  }));
  const filtered = Boolean(q || status || priority || category || assignee);

  return (
    <Stack gap="md">
      <PageHeading title={t("admin.title")} subtitle={t("admin.subtitle")} />
      <AdminQueueToolbar filters={{ q: q ?? "", status: status ?? null, priority: priority ?? null, category: category ?? null, assignee: assignee ?? null }} admins={admins.map((a) => ({ id: a.id, label: label(a) }))} />
      <AdminQueue rows={rows} filtered={filtered} />
      <ListFooter count={t("count", { count: result.total })} pages={pages} page={page} testId="admin-tickets-total" />
    </Stack>
  );
}
