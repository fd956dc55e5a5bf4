import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TASK_STATUS_CODES, type TaskRow } from "@/components/admin/tasks/task-codes";
import { TasksTable } from "@/components/admin/tasks/tasks-table";
import { TasksToolbar } from "@/components/admin/tasks/tasks-toolbar";
import { TrafficRefresh } from "@/components/admin/tasks/traffic-refresh";
import { KeysetFooter } from "@/components/admin/list-kit/keyset-footer";
import { filterParams, keysetHrefs } from "@/components/admin/list-kit/keyset-links";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { hasPermission } from "@/server/context";
import { isLogCursor } from "@/server/services/logs/keyset";
import { listTasksAdmin } from "@/server/services/tasks";

const PAGE_SIZE = 25;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("tasks") };
}

const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined => allowed.find((x) => x === v);

export default async function TasksPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("tasks.read");
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 200) || undefined;
  const status = pick(TASK_STATUS_CODES, oneParam(sp.status));
  const kind = oneParam(sp.kind)?.trim().slice(0, 100) || undefined;
  // A cursor that is not one (a hand-edited link) starts again at the newest tasks.
  const rawCursor = oneParam(sp.cursor);
  const cursor = rawCursor && isLogCursor(rawCursor) ? rawCursor : null;
  const direction = oneParam(sp.dir) === "newer" ? "newer" : "older";
  const ctx = await requestCtx();
  const [result, t] = await Promise.all([listTasksAdmin(ctx, { q, status, kind, cursor: cursor ?? undefined, direction, pageSize: PAGE_SIZE }), getTranslations("adminTasks")]);
  const rows: TaskRow[] = result.rows;
  const hrefs = keysetHrefs("/admin/tasks", filterParams(sp, ["q", "status", "kind"]), { cursor, older: result.older, newer: result.newer });

  return (
    <Stack gap="md">
      <Title order={2}>{t("title")}</Title>
      <Text size="sm" c="dimmed">
        {t("intro")}
      </Text>
      {/* Refreshing the traffic views is a node write (the action's permission). */}
      {hasPermission(ctx, "nodes.write") ? <TrafficRefresh /> : null}
      <TasksToolbar kind={kind ?? null} kinds={result.kinds} />
      <TasksTable rows={rows} />
      <KeysetFooter rowCount={rows.length} hrefs={hrefs} testIdPrefix="tasks" />
    </Stack>
  );
}
