// Agents send hops in many shapes: numbers as strings, "as4809" or 4809, "*" for timeouts, extra
// junk. Everything we store, classify and show goes through here, so ingest and read (which
// re-normalizes rows written by older code) see the same clean hops. Pure: no I/O.
import { isIP } from "node:net";
import type { TraceHop } from "../../db/schema";

export const MAX_HOPS = 64;
const MAX_TEXT = 128;
const MAX_HOP_NUMBER = 255;
const MAX_HOP_LATENCY_MS = 60_000;

// Control characters would only ever end up garbling the hop table.
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

function text(v: unknown, max = MAX_TEXT): string {
  const s = typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : "";
  return s.replace(CONTROL_CHARS, " ").trim().slice(0, max);
}

function num(v: unknown): number | undefined {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The AS numbers named in a value. In an ASN field a bare number counts ("4809", 4809); in free
 * text only an "AS4809" token does, so a "163" in "ChinaNet 163" is never read as AS163.
 */
export function parseAsns(v: unknown, opts: { bareNumbers?: boolean } = {}): number[] {
  const bare = opts.bareNumbers ?? true;
  const s = typeof v === "number" ? String(v) : typeof v === "string" ? v : "";
  const out: number[] = [];
  for (const token of s.split(/[^0-9a-z]+/i)) {
    const m = (bare ? /^(?:as)?(\d{1,10})$/i : /^as(\d{1,10})$/i).exec(token);
    const n = m ? Number(m[1]) : 0;
    if (n > 0 && n <= 4_294_967_295 && !out.includes(n)) out.push(n);
  }
  return out;
}

/** Coerces one trace's hops to TraceHop, drops entries that are not hops or carry nothing at all. */
export function normalizeHops(raw: unknown): TraceHop[] {
  if (!Array.isArray(raw)) return [];
  const out: TraceHop[] = [];
  raw.forEach((item, index) => {
    if (!item || typeof item !== "object" || Array.isArray(item)) return;
    const r = item as Record<string, unknown>;
    const hopNo = num(r.hop);
    const ipText = text(r.ip, 64);
    const latency = num(r.latency);
    const hop: TraceHop = {
      // A missing or silly hop number falls back to the position, which is what agents mean.
      hop: hopNo !== undefined && Number.isInteger(hopNo) && hopNo >= 1 && hopNo <= MAX_HOP_NUMBER ? hopNo : index + 1,
      ip: isIP(ipText) ? ipText.toLowerCase() : "",
      geo: text(r.geo, 64),
      latency: latency !== undefined && latency >= 0 && latency <= MAX_HOP_LATENCY_MS ? Math.round(latency * 100) / 100 : 0,
      asn: parseAsns(r.asn).map((n) => `AS${n}`).join("/"),
      owner: text(r.owner),
      isp: text(r.isp),
    };
    // "*" timeouts (no address, no network) tell neither the classifier nor a reader anything.
    if (!hop.ip && !hop.asn && !hop.owner && !hop.isp) return;
    out.push(hop);
  });
  // Stable sort keeps several responders of one hop in the order the agent saw them.
  return out.sort((a, b) => a.hop - b.hop).slice(0, MAX_HOPS);
}

/** Path length as shown: the deepest hop we kept (dropped timeouts still count as hops before it). */
export const hopCountOf = (hops: TraceHop[]): number => hops.reduce((max, h) => Math.max(max, h.hop), hops.length);
