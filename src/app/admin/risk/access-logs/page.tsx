import { Alert, Stack, Text } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FILTER_PARAMS, type AccessLogFilterValues, type AccessLogView } from "@/components/admin/risk/access-log-codes";
import { AccessLogFilters } from "@/components/admin/risk/access-log-filters";
import { AccessLogList } from "@/components/admin/risk/access-log-list";
import { AccessLogPager } from "@/components/admin/risk/access-log-pager";
import { PageHeading } from "@/components/shell/page-heading";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { isDomainError } from "@/server/errors";
import { fieldTexts } from "@/server/i18n/error-text";
import { isAccessLogCursor, listRiskAccessLogs, listRiskAccessLogNodes, MAX_USER_MATCHES, type RiskAccessLogPage } from "@/server/services/risk/access-log-queries";

const PAGE_SIZE = 50;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminRiskLogs"))("title") };
}

export default async function RiskAccessLogsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("risk.read");
  const sp = await searchParams;
  const ctx = await requestCtx();
  const filters = Object.fromEntries(FILTER_PARAMS.map((k) => [k, oneParam(sp[k])?.trim().slice(0, 254) ?? ""])) as unknown as AccessLogFilterValues;
  // A stale or edited cursor is dropped (newest page) rather than refused.
  const rawCursor = oneParam(sp.cursor) ?? "";
  const cursor = isAccessLogCursor(rawCursor) ? rawCursor : undefined;
  const direction = oneParam(sp.dir) === "newer" ? "newer" : "older";

  const empty: RiskAccessLogPage = { rows: [], pageSize: PAGE_SIZE, older: null, newer: null, userMatches: null, usersTruncated: false };
  let result = empty;
  let errors: Record<string, string> = {};
  try {
    result = await listRiskAccessLogs(ctx, {
      user: filters.user,
      userId: filters.userId,
      ip: filters.ip,
      country: filters.country,
      source: filters.source,
      outcome: filters.outcome,
      subscriptionId: filters.sub,
      nodeId: filters.node,
      from: filters.from,
      to: filters.to,
      cursor,
      direction,
      pageSize: PAGE_SIZE,
    });
  } catch (err) {
    if (!isDomainError(err) || err.code !== "VALIDATION") throw err;
    errors = fieldTexts(ctx.locale, err.details);
  }
  const [nodes, t] = await Promise.all([listRiskAccessLogNodes(ctx), getTranslations("adminRiskLogs")]);

  const base = new URLSearchParams();
  for (const k of FILTER_PARAMS) if (filters[k]) base.set(k, filters[k]);
  const href = (c?: string, dir?: "newer") => {
    const p = new URLSearchParams(base);
    if (c) p.set("cursor", c);
    if (dir) p.set("dir", dir);
    const qs = p.toString();
    return qs ? `/admin/risk/access-logs?${qs}` : "/admin/risk/access-logs";
  };
  // Only what the list shows goes to the browser.
  const rows: AccessLogView[] = result.rows.map(({ nodeId: _n, ...r }) => r);
  const filtered = FILTER_PARAMS.some((k) => filters[k]);

  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <AccessLogFilters filters={filters} nodes={nodes} errors={errors} />
      {Object.keys(errors).length ? (
        <Alert color="red" variant="light" data-testid="access-log-invalid">
          {t("invalidFilters")}
        </Alert>
      ) : null}
      {filters.user && result.userMatches === 0 ? (
        <Alert color="yellow" variant="light" data-testid="access-log-no-user">
          {t("noUser")}
        </Alert>
      ) : null}
      {result.usersTruncated ? (
        <Alert color="yellow" variant="light" data-testid="access-log-users-truncated">
          {t("usersTruncated", { max: MAX_USER_MATCHES })}
        </Alert>
      ) : null}
      {result.userMatches !== null && result.userMatches > 1 && !result.usersTruncated ? (
        <Text size="sm" c="dimmed" data-testid="access-log-user-matches">
          {t("userMatches", { count: result.userMatches })}
        </Text>
      ) : null}
      <AccessLogList rows={rows} filtered={filtered} />
      <AccessLogPager
        rowCount={rows.length}
        newestHref={result.newer ? href() : null}
        newerHref={result.newer ? href(result.newer, "newer") : null}
        olderHref={result.older ? href(result.older) : null}
      />
    </Stack>
  );
}
