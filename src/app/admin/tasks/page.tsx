import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TASK_STATUS_CODES, type TaskRow } from "@/components/admin/tasks/task-codes";
import { TasksTable } from "@/components/admin/tasks/tasks-table";
import { TasksToolbar } from "@/components/admin/tasks/tasks-toolbar";
import { TrafficRefresh } from "@/components/admin/tasks/traffic-refresh";
import { ListFooter } from "@/components/shell/list-footer";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listTasksAdmin } from "@/server/services/tasks";

const PAGE_SIZE = 25;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("tasks") };
}

const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined => allowed.find((x) => x === v);

export default async function TasksPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage();
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 200) || undefined;
  const status = pick(TASK_STATUS_CODES, oneParam(sp.status));
  const kind = oneParam(sp.kind)?.trim().slice(0, 100) || undefined;
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const [result, t] = await Promise.all([listTasksAdmin(await requestCtx(), { q, status, kind, page, pageSize: PAGE_SIZE }), getTranslations("adminTasks")]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  const rows: TaskRow[] = result.rows;

  return (
    <Stack gap="md">
      <Title order={2}>{t("title")}</Title>
      <Text size="sm" c="dimmed">
        {t("intro")}
      </Text>
      <TrafficRefresh />
      <TasksToolbar q={q ?? ""} status={status ?? null} kind={kind ?? null} kinds={result.kinds} />
      <TasksTable rows={rows} />
      <ListFooter count={t("total", { count: result.total })} pages={pages} page={page} testId="tasks-total" />
    </Stack>
  );
}
