// The daily digest as plain text in an administrator's language (mail and Telegram alike): words from
// messages/<locale>/node-alerts.json (`nodeAlerts.digest`), money, bytes and dates through the one
// formatter (src/i18n/format.ts), so the digest reads like the dashboard.
import { formatBytes, formatDate, formatMoney } from "../../../i18n/format";
import en from "../../../../messages/en/node-alerts.json";
import zh from "../../../../messages/zh-CN/node-alerts.json";
import { catalogueTranslator, type TextLocale, type Translate } from "../notifications/texts";
import type { DailyDigest } from "./daily-digest";

const words = catalogueTranslator({ en, "zh-CN": zh }, "nodeAlerts");

/** Nodes listed by name in the incidents part; the rest are counted. */
export const DIGEST_NODES_LISTED = 10;

/** "1 h 5 min" / "1 小时 5 分钟"; whole minutes, rounded. */
export function formatDowntime(t: Translate, seconds: number): string {
  const minutes = Math.round(Math.max(0, seconds) / 60);
  return minutes < 60 ? t("duration.minutes", { minutes }) : t("duration.hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

export function renderDigest(locale: TextLocale, digest: DailyDigest): { subject: string; text: string } {
  const t = words(locale);
  const date = formatDate(new Date(digest.from), locale);
  const lines: string[] = [t("digest.intro", { date }), ""];

  if (digest.revenue.length === 0) lines.push(t("digest.revenueNone"));
  for (const r of digest.revenue) lines.push(t("digest.revenue", { amount: formatMoney(r.minor, r.currency, locale), orders: r.orders }));
  lines.push(t("digest.ordersPaid", { count: digest.ordersPaid }));
  lines.push(t("digest.newUsers", { count: digest.newUsers }));
  lines.push(t("digest.traffic", { amount: formatBytes(digest.traffic.totalBytes), date: formatDate(new Date(`${digest.traffic.utcDay}T00:00:00Z`), locale, "UTC") }));

  const inc = digest.incidents;
  if (inc.count === 0) lines.push(t("digest.incidentsNone"));
  else {
    lines.push(t("digest.incidents", { count: inc.count, nodes: inc.nodes.length, duration: formatDowntime(t, inc.downtimeSeconds) }));
    for (const n of inc.nodes.slice(0, DIGEST_NODES_LISTED)) lines.push(t("digest.incidentNode", { name: n.name, count: n.incidents, duration: formatDowntime(t, n.downtimeSeconds) }));
    if (inc.nodes.length > DIGEST_NODES_LISTED) lines.push(t("digest.moreNodes", { count: inc.nodes.length - DIGEST_NODES_LISTED }));
  }
  return { subject: t("digest.subject", { date }), text: lines.join("\n") };
}
