// The risk report in words. It is sent to the user, so it is written in the user's language
// (users.locale), not the reviewing admin's: the request's message catalogue cannot serve a third
// person, so both languages live here as plain templates. Plain text, because it becomes the body
// of a notification and a mail. Lists are cut short so the whole report stays under MAX_REPORT_CHARS.
import type { RiskLevel, RiskReason } from "../../db/schema";
import type { RiskEvidence } from "./admin-queries";

export type ReportLocale = "zh-CN" | "en";
export const reportLocale = (userLocale: string | null | undefined): ReportLocale => (userLocale === "en" ? "en" : "zh-CN");

export const MAX_REPORT_CHARS = 4000;
const SHOWN = { places: 8, ips: 10, hours: 24, nodes: 5 } as const;
/** Times in the report are Beijing time, as the event's day is counted. */
const TIME_ZONE = "Asia/Shanghai";

export interface ReportFacts {
  reason: RiskReason;
  level: RiskLevel;
  eventAt: Date;
  /** The plan of the event's subscription, or null for the aggregate link (all subscriptions). */
  planName: string | null;
  evidence: RiskEvidence;
}

interface Words {
  title: string;
  reasons: Record<RiskReason, string>;
  levels: Record<RiskLevel, string>;
  event: (reason: string, level: string, at: string) => string;
  scopeSub: (plan: string) => string;
  scopeUser: string;
  period: (from: string, to: string) => string;
  summary: string;
  accesses: (total: number, api: number, node: number) => string;
  refused: (n: number) => string;
  distinctIps: (n: number) => string;
  distinctPlaces: (n: number) => string;
  places: string;
  place: (where: string, n: number, first: string, last: string) => string;
  ips: string;
  ip: (ip: string, where: string, source: string, n: number, last: string) => string;
  sources: { API: string; NODE: string };
  timeline: string;
  hour: (at: string, api: number, node: number) => string;
  nodes: string;
  node: (name: string, events: number, connections: number, targets: number) => string;
  unknownNode: string;
  unknownPlace: string;
  more: (n: number) => string;
  earlier: (n: number) => string;
  none: string;
  closing: string;
}

const WORDS: Record<ReportLocale, Words> = {
  en: {
    title: "Risk review report",
    reasons: {
      COUNTRY_CHANGE: "use from several countries",
      REGION_CHANGE: "use from several regions",
      CITY_CHANGE: "use from several cities",
      NODE_HIGH_FREQUENCY: "an unusually high number of connections",
      SCATTERED_TARGETS: "connections to an unusually wide spread of destinations",
    },
    levels: { WARNING: "warning", SUSPEND: "suspension" },
    event: (reason, level, at) => `Event: ${reason} (${level}), recorded ${at}.`,
    scopeSub: (plan) => `Subscription: ${plan}`,
    scopeUser: "Subscription: all subscriptions (combined link)",
    period: (from, to) => `Period reviewed: ${from} to ${to} (Beijing time)`,
    summary: "Summary",
    accesses: (total, api, node) => `- Accesses: ${total} (subscription updates ${api}, node connections ${node})`,
    refused: (n) => `- Refused accesses: ${n}`,
    distinctIps: (n) => `- Distinct IP addresses: ${n}`,
    distinctPlaces: (n) => `- Distinct places: ${n}`,
    places: "Places",
    place: (where, n, first, last) => `- ${where}: ${n} accesses, ${first} to ${last}`,
    ips: "IP addresses",
    ip: (ip, where, source, n, last) => `- ${ip} (${where}), ${source}: ${n}, last ${last}`,
    sources: { API: "subscription update", NODE: "node connection" },
    timeline: "Timeline (accesses per hour)",
    hour: (at, api, node) => `- ${at}: updates ${api}, node connections ${node}`,
    nodes: "Node connections",
    node: (name, events, connections, targets) => `- ${name}: ${events} reports, ${connections} connections, up to ${targets} distinct destinations`,
    unknownNode: "removed node",
    unknownPlace: "unknown place",
    more: (n) => `- and ${n} more`,
    earlier: (n) => `- (${n} earlier hours not shown)`,
    none: "- none",
    closing:
      "Your account is restricted while this review is open: your subscription links are paused and other actions are unavailable. If these accesses were all yours, or you have questions, please open a support ticket.",
  },
  "zh-CN": {
    title: "风控审核报告",
    reasons: {
      COUNTRY_CHANGE: "在多个国家/地区使用",
      REGION_CHANGE: "在多个省份/地区使用",
      CITY_CHANGE: "在多个城市使用",
      NODE_HIGH_FREQUENCY: "连接次数异常偏高",
      SCATTERED_TARGETS: "访问目标异常分散",
    },
    levels: { WARNING: "警告", SUSPEND: "暂停" },
    event: (reason, level, at) => `事件：${reason}（${level}），记录于 ${at}。`,
    scopeSub: (plan) => `订阅：${plan}`,
    scopeUser: "订阅：全部订阅（聚合链接）",
    period: (from, to) => `审核时段：${from} 至 ${to}（北京时间）`,
    summary: "概要",
    accesses: (total, api, node) => `- 访问次数：${total}（订阅更新 ${api}，节点连接 ${node}）`,
    refused: (n) => `- 被拒绝的访问：${n}`,
    distinctIps: (n) => `- 不同 IP 地址：${n}`,
    distinctPlaces: (n) => `- 不同地点：${n}`,
    places: "访问地点",
    place: (where, n, first, last) => `- ${where}：${n} 次，${first} 至 ${last}`,
    ips: "IP 地址",
    ip: (ip, where, source, n, last) => `- ${ip}（${where}），${source}：${n} 次，最近 ${last}`,
    sources: { API: "订阅更新", NODE: "节点连接" },
    timeline: "时间分布（每小时访问次数）",
    hour: (at, api, node) => `- ${at}：订阅更新 ${api}，节点连接 ${node}`,
    nodes: "节点连接统计",
    node: (name, events, connections, targets) => `- ${name}：${events} 条记录，${connections} 次连接，最多 ${targets} 个不同目标`,
    unknownNode: "已删除的节点",
    unknownPlace: "未知地点",
    more: (n) => `- 另有 ${n} 项`,
    earlier: (n) => `-（另有 ${n} 个更早的时段未列出）`,
    none: "- 无",
    closing: "审核期间您的账户受到限制：订阅链接暂停使用，其他操作暂不可用。如以上访问均为您本人所为，或有任何疑问，请提交工单联系客服。",
  },
};

// "2025-03-10 20:00" reads the same in both languages (Swedish formatting is the ISO-like one).
const TIME_FORMAT = new Intl.DateTimeFormat("sv-SE", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false });
const formatTime = (d: Date): string => TIME_FORMAT.format(d);

const placeName = (w: Words, p: { country: string; region: string; city: string }) => [p.country, p.region, p.city].filter(Boolean).join(" / ") || w.unknownPlace;

function list<T>(w: Words, rows: T[], shown: number, line: (row: T) => string): string[] {
  if (rows.length === 0) return [w.none];
  const out = rows.slice(0, shown).map(line);
  if (rows.length > shown) out.push(w.more(rows.length - shown));
  return out;
}

/** The report in the recipient's language. */
export function renderRiskReport(locale: ReportLocale, facts: ReportFacts): string {
  const w = WORDS[locale];
  const at = formatTime;
  const ev = facts.evidence;
  const activeHours = ev.timeline.hours.map((h, i) => ({ at: new Date(h), api: ev.timeline.api[i] ?? 0, node: ev.timeline.node[i] ?? 0 })).filter((h) => h.api + h.node > 0);
  const lines = [
    w.title,
    "",
    w.event(w.reasons[facts.reason], w.levels[facts.level], at(facts.eventAt)),
    facts.planName === null ? w.scopeUser : w.scopeSub(facts.planName),
    w.period(at(ev.from), at(ev.to)),
    "",
    w.summary,
    w.accesses(ev.totals.accesses, ev.totals.api, ev.totals.node),
    ...(ev.totals.refused > 0 ? [w.refused(ev.totals.refused)] : []),
    w.distinctIps(ev.totals.distinctIps),
    w.distinctPlaces(ev.totals.distinctPlaces),
    "",
    w.places,
    ...list(w, ev.places, SHOWN.places, (p) => w.place(placeName(w, p), p.count, at(p.firstSeenAt), at(p.lastSeenAt))),
    "",
    w.ips,
    ...list(w, ev.ips, SHOWN.ips, (r) => w.ip(r.ip, placeName(w, r), w.sources[r.source], r.count, at(r.lastSeenAt))),
    "",
    w.timeline,
    // The busiest hours would hide the pattern; the latest active hours, in order, show it.
    ...(activeHours.length > SHOWN.hours ? [w.earlier(activeHours.length - SHOWN.hours)] : []),
    ...list(w, activeHours.slice(-SHOWN.hours), SHOWN.hours, (h) => w.hour(at(h.at), h.api, h.node)),
    ...(ev.nodeStats.length > 0 ? ["", w.nodes, ...list(w, ev.nodeStats, SHOWN.nodes, (n) => w.node(n.nodeName ?? w.unknownNode, n.events, n.connections, n.maxUniqueTargets))] : []),
  ];
  // Long place names could push it over the cap: the evidence is cut, never the closing words.
  const room = MAX_REPORT_CHARS - w.closing.length - 2;
  const body = lines.join("\n");
  return `${body.length <= room ? body : `${body.slice(0, room - 1)}…`}\n\n${w.closing}`;
}
