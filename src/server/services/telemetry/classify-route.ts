// Route classification (behaviour §9). Pure: hops in, label out. Applied on ingest and again on
// read, and the agent's own label never decides, so a fix here corrects every stored trace.
// Text evidence is matched as WHOLE tokens: "GEORGIA" is not GIA and "ACMI" is not CMI (§14.11).
import { isIPv4 } from "node:net";
import type { TraceHop } from "../../db/schema";
import { normalizeHops, parseAsns } from "./normalize-hops";

export { normalizeHops, parseAsns, hopCountOf, MAX_HOPS } from "./normalize-hops";

export const ROUTE_LABELS = ["CN2 GIA", "CN2 GT", "AS9929", "CMIN2", "CMI", "AS4837", "163", "Ordinary", "Unknown"] as const;
export type RouteLabel = (typeof ROUTE_LABELS)[number];

const AS_CN2 = 4809;
const AS_CHINANET = 4134;
const AS_UNICOM_PREMIUM = [9929, 10099];
const AS_CMIN2 = [58807, 58809, 58813, 58819, 59807];
const AS_CMI = [58453];
const AS_UNICOM_169 = 4837;

// Operators write the product name as one word too ("CN2GIA"); that is still a whole token.
const TOKEN_ALIASES: Record<string, string[]> = { CN2GIA: ["CN2", "GIA"], CN2GT: ["CN2"] };

/** Upper-cased tokens split on anything that is not an ASCII letter or digit. */
export function tokenize(text: string): string[] {
  return text
    .toUpperCase()
    .split(/[^0-9A-Z]+/)
    .filter(Boolean)
    .flatMap((t) => [t, ...(TOKEN_ALIASES[t] ?? [])]);
}

interface HopEvidence { asns: Set<number>; ip: string; tokens: Set<string> }

function evidenceOf(h: TraceHop): HopEvidence {
  const text = `${h.owner} ${h.isp}`;
  // An explicit "AS4809" in the owner text is as good as the ASN field.
  return { asns: new Set([...parseAsns(h.asn), ...parseAsns(text, { bareNumbers: false })]), ip: h.ip, tokens: new Set(tokenize(text)) };
}

const inSlash16 = (ip: string, prefix: string) => isIPv4(ip) && ip.startsWith(`${prefix}.`);
const hasAny = (e: HopEvidence, asns: number[]) => asns.some((n) => e.asns.has(n));

const isCn2Hop = (e: HopEvidence) => e.asns.has(AS_CN2) || inSlash16(e.ip, "59.43") || e.tokens.has("CN2") || e.tokens.has("CTGNET");
// Some IP databases file CN2 addresses under AS4134; a hop showing CN2 evidence is not "ordinary".
const isChinaNet163Hop = (e: HopEvidence) => !isCn2Hop(e) && (e.asns.has(AS_CHINANET) || inSlash16(e.ip, "202.97"));

/**
 * "163 dominates" when ChinaNet 163 is the most common network on the path: more hops than any
 * other single AS. Measured against other networks rather than the whole path so a long
 * international leg before the border does not hide a plain 163 route.
 */
function chinaNet163Dominates(ev: HopEvidence[]): boolean {
  const n163 = ev.filter(isChinaNet163Hop).length;
  if (n163 === 0) return false;
  const perAs = new Map<number, number>();
  for (const e of ev) {
    if (isChinaNet163Hop(e)) continue;
    for (const asn of e.asns) perAs.set(asn, (perAs.get(asn) ?? 0) + 1);
  }
  return [...perAs.values()].every((n) => n < n163);
}

/** Classifies a trace's hops (raw or normalized) into one of ROUTE_LABELS. */
export function classifyRoute(rawHops: unknown): RouteLabel {
  const hops = normalizeHops(rawHops);
  if (hops.length === 0) return "Unknown";
  const ev = hops.map(evidenceOf);
  const anyHop = (test: (e: HopEvidence) => boolean) => ev.some(test);

  if (anyHop(isCn2Hop)) {
    // GIA stays on CN2 end to end; GT hands over to the ordinary 163 backbone on the way.
    const ordinary163Hops = ev.filter(isChinaNet163Hop).length;
    return anyHop((e) => e.tokens.has("GIA")) || ordinary163Hops <= 1 ? "CN2 GIA" : "CN2 GT";
  }
  if (anyHop((e) => hasAny(e, AS_UNICOM_PREMIUM) || e.tokens.has("CUII"))) return "AS9929";
  if (anyHop((e) => hasAny(e, AS_CMIN2) || e.tokens.has("CMIN2"))) return "CMIN2";
  if (anyHop((e) => hasAny(e, AS_CMI) || e.tokens.has("CMI"))) return "CMI";
  if (anyHop((e) => e.asns.has(AS_UNICOM_169))) return "AS4837";
  return chinaNet163Dominates(ev) ? "163" : "Ordinary";
}
