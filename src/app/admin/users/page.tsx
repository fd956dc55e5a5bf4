import { Stack, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ListFooter } from "@/components/shell/list-footer";
import { UsersTable } from "@/components/admin/users/users-table";
import { UsersToolbar } from "@/components/admin/users/users-toolbar";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { USER_ROLES, USER_STATUSES } from "@/server/db/schema";
import { getDb } from "@/server/db/client";
import { listUsers } from "@/server/services/accounts";
import { getAppInfo } from "@/server/services/settings";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("users") };
}

const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined => allowed.find((x) => x === v);

export default async function UsersPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requireAdminPage("users.read");
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 100) || undefined;
  const role = pick(USER_ROLES, oneParam(sp.role));
  const status = pick(USER_STATUSES, oneParam(sp.status));
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 100_000);
  const [result, t, info] = await Promise.all([listUsers(await requestCtx(), { q, role, status, page, pageSize: PAGE_SIZE }), getTranslations("adminUsers"), getAppInfo(getDb())]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));

  return (
    <Stack gap="md">
      <Title order={2}>{t("title")}</Title>
      <UsersToolbar />
      <UsersTable rows={result.rows} currentUserId={me.id} wallet={info.edition === "wallet"} />
      <ListFooter count={t("total", { count: result.total })} pages={pages} page={page} testId="users-total" />
    </Stack>
  );
}
