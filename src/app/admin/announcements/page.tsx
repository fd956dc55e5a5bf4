import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AnnouncementsManager } from "@/components/announcements/admin/announcements-manager";
import { ListFooter } from "@/components/shell/list-footer";
import { PageHeading } from "@/components/shell/page-heading";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_DISPLAYS } from "@/server/db/schema/announcement-kinds";
import { adminListAnnouncements } from "@/server/services/announcements";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("announcements") };
}

const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined => allowed.find((x) => x === v);

export default async function AnnouncementsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("announcements.manage");
  const sp = await searchParams;
  const filters = {
    q: oneParam(sp.q)?.trim().slice(0, 200) || undefined,
    enabled: pick(["1", "0"] as const, oneParam(sp.enabled)),
    audience: pick(ANNOUNCEMENT_AUDIENCES, oneParam(sp.audience)),
    display: pick(ANNOUNCEMENT_DISPLAYS, oneParam(sp.display)),
  };
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const [result, t] = await Promise.all([adminListAnnouncements(await requestCtx(), { ...filters, page, pageSize: PAGE_SIZE }), getTranslations("announcements")]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("admin.description")} />
      <AnnouncementsManager rows={result.rows} filters={{ q: filters.q ?? "", enabled: filters.enabled ?? null, audience: filters.audience ?? null, display: filters.display ?? null }} now={new Date().toISOString()} />
      <ListFooter count={t("admin.total", { count: result.total })} pages={pages} page={page} testId="announcements-total" />
    </Stack>
  );
}
