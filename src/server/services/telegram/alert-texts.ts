// An operator alert in an administrator's language: a title per event type, then the facts the
// event's data holds. Event data is written by many areas and may lack a field (or gain one), so
// every fact is read defensively: a missing or malformed value leaves its line out, never "undefined".
import type { EventData } from "../events/types";
import { siteLink, type TelegramConfig } from "./config";
import type { TgButton, TgMessage } from "./send-task";
import { bold, botWords, clip, esc, labelWord, money, when, type TextLocale } from "./texts";

export const ALERT_EVENT_TYPES = ["order.paid", "payment.late", "payment.mismatched", "node.offline", "node.online", "risk.event_raised", "ticket.created", "task.failed", "backup.failed"] as const;
export type AlertEventType = (typeof ALERT_EVENT_TYPES)[number];
export const isAlertEvent = (type: string): type is AlertEventType => (ALERT_EVENT_TYPES as readonly string[]).includes(type);

/** What the sink looked up for the event (names the data may give only as ids). */
export interface AlertLookups {
  userEmail?: string | null;
  nodeName?: string | null;
  ticketSubject?: string | null;
  orderNo?: string | null;
  /** The site's currency, for an amount whose event did not name one. */
  currency: string;
}

type Fact = "order" | "amount" | "expected" | "provider" | "tradeNo" | "user" | "node" | "cause" | "since" | "downFor" | "reason" | "level" | "subject" | "task" | "attempts" | "error";

const FACTS: Record<AlertEventType, Fact[]> = {
  "order.paid": ["order", "amount", "provider", "user"],
  "payment.late": ["order", "amount", "provider", "tradeNo", "user"],
  "payment.mismatched": ["order", "expected", "amount", "provider", "tradeNo", "user"],
  "node.offline": ["node", "cause", "since"],
  "node.online": ["node", "downFor"],
  "risk.event_raised": ["user", "reason", "level"],
  "ticket.created": ["subject", "user"],
  "task.failed": ["task", "attempts", "error"],
  "backup.failed": ["reason", "error"],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);
const int = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : null);
const firstInt = (d: EventData, keys: string[]): number | null => keys.map((k) => int(d[k])).find((v) => v !== null) ?? null;
const id = (v: unknown): string | null => (typeof v === "string" && UUID.test(v) ? v : null);
/** 12345678 micro-units -> "12.345678", trailing zeros dropped; integer arithmetic only. */
const usdt = (micro: number): string => {
  const sign = micro < 0 ? "-" : "";
  const abs = Math.abs(micro);
  const frac = String(abs % 1_000_000).padStart(6, "0").replace(/0+$/, "");
  return `${sign}${Math.floor(abs / 1_000_000)}${frac ? `.${frac}` : ""}`;
};
const date = (v: unknown): Date | null => {
  const s = text(v);
  const d = s ? new Date(s) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

function factValue(fact: Fact, type: AlertEventType, d: EventData, found: AlertLookups, locale: TextLocale): string | null {
  const t = botWords(locale);
  const currency = text(d.currency) ?? found.currency;
  switch (fact) {
    case "order":
      return text(d.orderNo) ?? found.orderNo ?? null;
    case "amount": {
      const minor = firstInt(d, type === "payment.mismatched" ? ["paidMinor", "receivedMinor", "amountMinor"] : ["totalMinor", "amountMinor", "paidMinor"]);
      if (minor !== null) return money(minor, currency, locale);
      // A USDT transfer is counted in micro-units of USDT, not in the site's currency.
      const micro = int(d.paidMicro);
      return micro === null ? null : `${usdt(micro)} USDT`;
    }
    case "expected": {
      const minor = firstInt(d, ["expectedMinor", "totalMinor"]);
      return minor === null ? null : money(minor, currency, locale);
    }
    case "provider": {
      const p = text(d.provider);
      return p ? labelWord(locale, "paymentMethod", p) : null;
    }
    case "tradeNo":
      return text(d.tradeNo);
    case "user":
      return text(d.email) ?? found.userEmail ?? null;
    case "node":
      return text(d.name) ?? text(d.nodeName) ?? found.nodeName ?? null;
    case "cause": {
      const c = text(d.cause);
      return c ? (c === "agent_stale" || c === "panel_error" ? t(`cause.${c}`) : c) : null;
    }
    case "since": {
      const at = date(d.since) ?? date(d.startedAt);
      return at ? when(at, locale) : null;
    }
    case "downFor": {
      const s = int(d.downtimeSeconds);
      return s === null ? null : t("minutes", { count: Math.max(1, Math.round(s / 60)) });
    }
    case "reason": {
      const r = text(d.reason);
      return r ? labelWord(locale, "riskReason", r) : null;
    }
    case "level": {
      const l = text(d.level);
      return l ? labelWord(locale, "riskLevel", l) : null;
    }
    case "subject":
      return text(d.subject) ?? found.ticketSubject ?? null;
    case "task": {
      const k = text(d.kind);
      return k ? labelWord(locale, "taskKind", k) : null;
    }
    case "attempts":
      return int(d.attempts)?.toString() ?? null;
    case "error": {
      const e = text(d.error) ?? text(d.message);
      return e ? clip(e, 300) : null;
    }
  }
}

/** The admin page the alert is about, as a path, when the data names it. */
function pageOf(type: AlertEventType, d: EventData, found: AlertLookups): string | null {
  switch (type) {
    case "order.paid":
    case "payment.late":
    case "payment.mismatched": {
      const no = text(d.orderNo) ?? found.orderNo ?? null;
      return no ? `/admin/orders?q=${encodeURIComponent(no)}` : "/admin/orders";
    }
    case "node.offline":
    case "node.online":
      return id(d.nodeId) ? `/admin/nodes/${id(d.nodeId)}` : "/admin/nodes";
    case "risk.event_raised": {
      const ev = id(d.riskEventId) ?? id(d.eventId);
      return ev ? `/admin/risk/${ev}` : "/admin/risk";
    }
    case "ticket.created":
      return id(d.ticketId) ? `/admin/tickets/${id(d.ticketId)}` : "/admin/tickets";
    case "task.failed":
      return "/admin/tasks";
    case "backup.failed":
      return "/admin/backup";
  }
}

export function renderAlert(locale: TextLocale, type: AlertEventType, data: EventData, found: AlertLookups, config: Pick<TelegramConfig, "siteUrl">): TgMessage {
  const t = botWords(locale);
  const lines = [bold(t(`alert.${type.replace(".", "_")}`))];
  for (const fact of FACTS[type]) {
    const value = factValue(fact, type, data, found, locale);
    if (value !== null) lines.push(esc(t(`fact.${fact}`, { value })));
  }
  const page = pageOf(type, data, found);
  const buttons: TgButton[][] = page ? [[{ text: t("openAdmin"), url: siteLink(config, page) }]] : [];
  return { html: lines.join("\n"), buttons };
}
