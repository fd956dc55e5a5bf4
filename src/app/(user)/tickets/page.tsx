import { Group, Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { oneParam, type SearchParams } from "@/app/search-params";
import { ButtonLink } from "@/components/links";
import { ListFooter } from "@/components/shell/list-footer";
import { PageHeading } from "@/components/shell/page-heading";
import { MyTicketsList, type MyTicketFilter, type MyTicketRow } from "@/components/tickets/my-tickets-list";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { listMyTickets } from "@/server/services/support";

const PAGE_SIZE = 20;
const STATUS_OF = { all: undefined, open: "ACTIVE", closed: "CLOSED" } as const;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("tickets") };
}

export default async function TicketsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireUserPage();
  const sp = await searchParams;
  const raw = oneParam(sp.status);
  const filter: MyTicketFilter = raw === "open" || raw === "closed" ? raw : "all";
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const [result, t] = await Promise.all([listMyTickets(await requestCtx(), { page, pageSize: PAGE_SIZE, status: STATUS_OF[filter] }), getTranslations("tickets")]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  // Only what the list shows goes to the browser.
  const rows: MyTicketRow[] = result.rows.map((r) => ({ id: r.id, subject: r.subject, status: r.status, category: r.category, priority: r.priority, lastMessageAt: r.lastMessageAt, unread: r.unread }));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <PageHeading title={t("title")} subtitle={t("subtitle")} />
        <ButtonLink href="/tickets/new" data-testid="ticket-new">
          {t("new")}
        </ButtonLink>
      </Group>
      <MyTicketsList rows={rows} filter={filter} />
      {result.total > 0 ? <ListFooter count={t("count", { count: result.total })} pages={pages} page={page} testId="tickets-total" /> : null}
    </Stack>
  );
}
