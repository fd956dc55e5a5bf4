import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { oneParam, type SearchParams } from "@/app/search-params";
import { MailKindsForm } from "@/components/notifications/mail-kinds-form";
import { NotificationsList } from "@/components/notifications/notifications-list";
import { ListFooter } from "@/components/shell/list-footer";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getMyMailKinds, listMyNotifications } from "@/server/services/notifications";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("notifications") };
}

export default async function NotificationsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireUserPage();
  const sp = await searchParams;
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const unreadOnly = oneParam(sp.unread) === "1";
  const ctx = await requestCtx();
  const [result, mailKinds, t] = await Promise.all([listMyNotifications(ctx, { page, pageSize: PAGE_SIZE, unread: unreadOnly }), getMyMailKinds(ctx), getTranslations("notifications")]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  const rows = result.rows.map((n) => ({ id: n.id, level: n.level, title: n.title, body: n.body, link: n.link, read: n.readAt !== null, createdAt: n.createdAt.toISOString() }));
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <NotificationsList rows={rows} unreadOnly={unreadOnly} unread={result.unread} />
      {result.total > 0 ? <ListFooter count={t("count", { count: result.total })} pages={pages} page={page} testId="notifications-total" /> : null}
      <MailKindsForm initial={mailKinds} />
    </Stack>
  );
}
