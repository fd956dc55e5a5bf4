// The logs page's data for one kind, as plain rows the shared list renders (log-codes.ts). Audit,
// traffic and node latency use this area's keyset list verbs with their filters; task, risk access
// and risk event rows come from the verbs of their own pages (the newest ones, with a link there
// for the full filters), so every kind can be browsed and deleted from here. Codes (audit actions,
// actors, targets, task kinds, statuses) are worded by the label catalogue: no dotted code reaches the page.
import { getTranslations } from "next-intl/server";
import type { LogEntryView, LogKind } from "@/components/admin/logs/log-codes";
import { labelsFor } from "@/components/labels/use-labels";
import { formatBytes, formatDate } from "@/i18n/format";
import type { Ctx } from "@/server/context";
import { isDomainError } from "@/server/errors";
import { fieldTexts } from "@/server/i18n/error-text";
import { isLogCursor, listAuditLogs, listNodeLatencyLogs, listTrafficLogs } from "@/server/services/logs";
import { listRiskAccessLogs } from "@/server/services/risk/access-log-queries";
import { listRiskEvents } from "@/server/services/risk/admin-queries";
import { listTasksAdmin } from "@/server/services/tasks";

export const PAGE_SIZE = 50;
const OTHER_PAGE_SIZE = 25;

/** Every kind pages by keyset on (created_at, id). */
export type Paging = { type: "keyset"; older: string | null; newer: string | null; cursor: string | null };

export interface LoadedEntries {
  rows: LogEntryView[];
  paging: Paging;
  /** The server's field problems, worded, by the verb's field name. */
  errors: Record<string, string>;
  /** A user or actor filter that named nobody. */
  nobody: boolean;
}

const DASH = "—";
const short = (id: string | null) => (id ? id.slice(0, 8) : DASH);

export interface PageParams {
  filters: Record<string, string>;
  cursor: string | undefined;
  direction: "older" | "newer";
}

export async function loadEntries(ctx: Ctx, kind: LogKind, p: PageParams): Promise<LoadedEntries> {
  const keyset = { cursor: p.cursor && isLogCursor(p.cursor) ? p.cursor : undefined, direction: p.direction, pageSize: PAGE_SIZE };
  const f = p.filters;
  const range = { from: f.from, to: f.to };
  const label = labelsFor(await getTranslations("labels"));
  try {
    switch (kind) {
      case "audit": {
        const r = await listAuditLogs(ctx, { q: f.q, actor: f.actor, actorKind: f.actorKind, action: f.action, ...range, ...keyset });
        return {
          rows: r.rows.map((x) => ({
            id: String(x.id),
            createdAt: x.createdAt,
            cells: { actor: label.actor(x.actorKind, x.actorLabel), action: label.open("auditAction", x.action), target: label.target(x.targetType, x.targetId), ip: x.ip ?? DASH },
            href: null,
            kept: null,
          })),
          paging: { type: "keyset", older: r.older, newer: r.newer, cursor: keyset.cursor ?? null },
          errors: {},
          nobody: r.actorMatches === 0,
        };
      }
      case "traffic": {
        const t = await getTranslations("adminLogs");
        const r = await listTrafficLogs(ctx, { user: f.user, subscriptionId: f.sub, ...range, ...keyset });
        return {
          rows: r.rows.map((x) => ({
            id: String(x.id),
            createdAt: x.createdAt,
            cells: {
              user: x.email ?? DASH,
              subscription: short(x.subscriptionId),
              strategy: label.open("trafficResetStrategy", x.strategy),
              used: t("usedBytes", { used: formatBytes(x.usedBytes), up: formatBytes(x.upBytes), down: formatBytes(x.downBytes) }),
              period: formatDate(x.periodStart, ctx.locale),
            },
            href: `/admin/subscriptions/${x.subscriptionId}`,
            kept: null,
          })),
          paging: { type: "keyset", older: r.older, newer: r.newer, cursor: keyset.cursor ?? null },
          errors: {},
          nobody: r.userMatches === 0,
        };
      }
      case "nodeLatency": {
        const t = await getTranslations("adminLogs");
        const r = await listNodeLatencyLogs(ctx, { nodeId: f.node, carrier: f.carrier, ...range, ...keyset });
        return {
          rows: r.rows.map((x) => ({
            id: String(x.id),
            createdAt: x.createdAt,
            cells: { node: x.nodeName ?? short(x.nodeId), carrier: t(`carriers.${x.carrier}`), latency: t("latencyMs", { ms: Math.round(x.latencyMs) }) },
            href: `/admin/nodes/${x.nodeId}`,
            kept: null,
          })),
          paging: { type: "keyset", older: r.older, newer: r.newer, cursor: keyset.cursor ?? null },
          errors: {},
          nobody: false,
        };
      }
      case "riskAccess": {
        const t = await getTranslations("adminRiskLogs");
        const r = await listRiskAccessLogs(ctx, { ...keyset, pageSize: OTHER_PAGE_SIZE });
        return {
          rows: r.rows.map((x) => ({
            id: String(x.id),
            createdAt: x.createdAt,
            cells: {
              user: x.email ?? DASH,
              ip: x.ip,
              place: [x.country, x.region, x.city].filter(Boolean).join(" · ") || DASH,
              outcome: t(`outcomes.${x.source === "NODE" && x.outcome === "OK" ? "NODE_OK" : x.outcome}`),
            },
            href: x.subscriptionId ? `/admin/subscriptions/${x.subscriptionId}` : null,
            kept: null,
          })),
          paging: { type: "keyset", older: r.older, newer: r.newer, cursor: keyset.cursor ?? null },
          errors: {},
          nobody: false,
        };
      }
      case "task": {
        const r = await listTasksAdmin(ctx, { ...keyset, pageSize: OTHER_PAGE_SIZE });
        return {
          rows: r.rows.map((x) => ({
            id: x.id,
            createdAt: x.createdAt,
            cells: { kind: label.open("taskKind", x.kind), status: label("taskStatus", x.status), attempts: `${x.attempts}/${x.maxAttempts}`, lastError: x.lastError ? x.lastError.slice(0, 120) : DASH },
            href: `/admin/tasks?q=${x.id}`,
            kept: x.status === "PENDING" || x.status === "RUNNING" ? "task_unfinished" : null,
          })),
          paging: { type: "keyset", older: r.older, newer: r.newer, cursor: keyset.cursor ?? null },
          errors: {},
          nobody: false,
        };
      }
      case "riskEvent": {
        const tl = await getTranslations("adminLogs");
        const r = await listRiskEvents(ctx, { ...keyset, pageSize: OTHER_PAGE_SIZE });
        return {
          rows: r.rows.map((x) => ({
            id: x.id,
            createdAt: x.createdAt,
            cells: {
              user: x.email,
              reason: label("riskReason", x.reason),
              level: label("riskLevel", x.level),
              review: label("riskReviewStatus", x.reviewStatus),
              restriction: x.restrictionActive ? tl("restrictionActive") : tl("restrictionLifted"),
            },
            href: `/admin/risk/${x.id}`,
            kept: x.restrictionActive ? "restriction_active" : null,
          })),
          paging: { type: "keyset", older: r.older, newer: r.newer, cursor: keyset.cursor ?? null },
          errors: {},
          nobody: false,
        };
      }
    }
  } catch (err) {
    // A filter the verb refused: the form shows why, next to the field.
    if (!isDomainError(err) || err.code !== "VALIDATION") throw err;
    const empty: Paging = { type: "keyset", older: null, newer: null, cursor: null };
    return { rows: [], paging: empty, errors: fieldTexts(ctx.locale, err.details), nobody: false };
  }
}
