import { Alert, Group, Stack, Text } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CleanupPanel } from "@/components/admin/logs/cleanup-panel";
import { isLogKind, FILTER_PARAMS, KIND_PERMISSION, OWN_LIST_KINDS, type LogKind } from "@/components/admin/logs/log-codes";
import { LogEntries } from "@/components/admin/logs/log-entries";
import { LogFilters } from "@/components/admin/logs/log-filters";
import { keysetHrefs } from "@/components/admin/list-kit/keyset-links";
import { LogPager } from "@/components/admin/logs/log-pager";
import { LogTabs } from "@/components/admin/logs/log-tabs";
import { ButtonLink } from "@/components/links";
import { PageHeading } from "@/components/shell/page-heading";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { hasPermission } from "@/server/context";
import { listLogNodes } from "@/server/services/logs";
import { getSettingsWithSecrets } from "@/server/services/settings";
import { loadEntries } from "./load-entries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("logs") };
}

/** The full page of the kinds that have their own (with all their filters). */
const FULL_VIEW: Partial<Record<LogKind, string>> = { task: "/admin/tasks", riskAccess: "/admin/risk/access-logs", riskEvent: "/admin/risk" };

export default async function LogsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("logs.read");
  const sp = await searchParams;
  const ctx = await requestCtx();
  const rawKind = oneParam(sp.kind);
  // A kind whose own page the role may not read (tasks, risk) falls back to the audit log.
  const kind: LogKind = isLogKind(rawKind) && hasPermission(ctx, KIND_PERMISSION[rawKind]) ? rawKind : "audit";
  const mayClean = hasPermission(ctx, "logs.write");
  const filters = Object.fromEntries(FILTER_PARAMS[kind].map((k) => [k, oneParam(sp[k])?.trim().slice(0, 254) ?? ""]));
  const direction = oneParam(sp.dir) === "newer" ? "newer" : "older";

  const [loaded, settings, nodes, t] = await Promise.all([
    loadEntries(ctx, kind, { filters, cursor: oneParam(sp.cursor) ?? undefined, direction }),
    // Only the three automatic-cleanup fields leave this read (settings.read is not this page's).
    mayClean ? getSettingsWithSecrets(ctx.db) : null,
    kind === "nodeLatency" ? listLogNodes(ctx) : Promise.resolve([]),
    getTranslations("adminLogs"),
  ]);

  const base = new URLSearchParams({ kind });
  for (const [k, v] of Object.entries(filters)) if (v) base.set(k, v);
  const filtered = Object.values(filters).some(Boolean);
  const paging = loaded.paging;
  const ownList = (OWN_LIST_KINDS as readonly LogKind[]).includes(kind);
  const fullView = FULL_VIEW[kind];

  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <LogTabs kind={kind} />
      {settings ? <CleanupPanel key={kind} kind={kind} auto={{ enabled: settings.logCleanupEnabled, retentionDays: settings.logRetentionDays, lastRunAt: settings.lastLogCleanupAt }} /> : null}
      <Text size="sm" c="dimmed" data-testid="log-kind-hint">
        {t(`hints.${kind}`)}
      </Text>
      {ownList ? <LogFilters key={kind} kind={kind} filters={filters} nodes={nodes} errors={loaded.errors} /> : null}
      {fullView ? (
        <Group justify="flex-end">
          <ButtonLink href={fullView} variant="light" size="xs" data-testid="log-full-view">
            {t("fullView")}
          </ButtonLink>
        </Group>
      ) : null}
      {Object.keys(loaded.errors).length ? (
        <Alert color="red" variant="light" data-testid="log-invalid">
          {t("invalidFilters")}
        </Alert>
      ) : null}
      {loaded.nobody ? (
        <Alert color="yellow" variant="light" data-testid="log-nobody">
          {t("nobody")}
        </Alert>
      ) : null}
      <LogEntries kind={kind} rows={loaded.rows} filtered={filtered} />
      <LogPager rowCount={loaded.rows.length} {...keysetHrefs("/admin/logs", base, paging)} />
    </Stack>
  );
}
