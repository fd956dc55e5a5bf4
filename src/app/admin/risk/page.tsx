import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RESTRICTION_CODES, RISK_FINAL_CODES, RISK_LEVEL_CODES, RISK_REASON_CODES, RISK_REVIEW_CODES, type RiskEventView } from "@/components/admin/risk/risk-codes";
import { RiskEventsTable } from "@/components/admin/risk/risk-events-table";
import { RiskEventsToolbar } from "@/components/admin/risk/risk-events-toolbar";
import { KeysetFooter } from "@/components/admin/list-kit/keyset-footer";
import { filterParams, keysetHrefs } from "@/components/admin/list-kit/keyset-links";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { isLogCursor } from "@/server/services/logs/keyset";
import { listRiskEvents } from "@/server/services/risk/admin-queries";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminRisk"))("title") };
}

const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined => allowed.find((x) => x === v);
/** A day from the URL, or nothing when it is not one (a hand-edited link shows everything). */
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);

export default async function RiskEventsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("risk.read");
  const sp = await searchParams;
  const ctx = await requestCtx();
  const q = oneParam(sp.q)?.trim().slice(0, 200) || undefined;
  const status = pick(RISK_REVIEW_CODES, oneParam(sp.status));
  const level = pick(RISK_LEVEL_CODES, oneParam(sp.level));
  const reason = pick(RISK_REASON_CODES, oneParam(sp.reason));
  const final = pick(RISK_FINAL_CODES, oneParam(sp.final));
  const restriction = pick(RESTRICTION_CODES, oneParam(sp.restriction));
  const from = day(oneParam(sp.from));
  const to = day(oneParam(sp.to));
  // A cursor that is not one (a hand-edited link) starts again at the newest events.
  const rawCursor = oneParam(sp.cursor);
  const cursor = rawCursor && isLogCursor(rawCursor) ? rawCursor : null;
  const direction = oneParam(sp.dir) === "newer" ? "newer" : "older";
  const [result, t] = await Promise.all([
    listRiskEvents(ctx, { q, status, level, reason, finalAction: final, restrictionActive: restriction, from, to, cursor: cursor ?? undefined, direction, pageSize: PAGE_SIZE }),
    getTranslations("adminRisk"),
  ]);
  const hrefs = keysetHrefs("/admin/risk", filterParams(sp, ["q", "status", "level", "reason", "final", "restriction", "from", "to"]), { cursor, older: result.older, newer: result.newer });
  const rows: RiskEventView[] = result.rows.map(({ userId: _u, ...r }) => r);
  const filtered = !!(q || status || level || reason || final || restriction || from || to);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t("title")}</Title>
        <Text size="sm" c="dimmed">
          {t("subtitle")}
        </Text>
      </Stack>
      <RiskEventsToolbar />
      <RiskEventsTable rows={rows} filtered={filtered} />
      <KeysetFooter rowCount={rows.length} hrefs={hrefs} testIdPrefix="risk" />
    </Stack>
  );
}
