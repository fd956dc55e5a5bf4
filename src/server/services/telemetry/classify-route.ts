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

interface HopFacts { asns: Set<number>; ip: string; tokens: Set<string> }
interface HopEvidence extends HopFacts { backbone: boolean }

function evidenceOf(h: TraceHop): HopEvidence {
  // Owner and ISP are tokenized apart so "...CHINANET" + "BACKBONE..." never forms a phrase across them.
  const texts = [tokenize(h.owner), tokenize(h.isp)];
  // An explicit "AS4809" in the owner text is as good as the ASN field.
  const asns = new Set([...parseAsns(h.asn), ...parseAsns(`${h.owner} ${h.isp}`, { bareNumbers: false })]);
  const facts: HopFacts = { asns, ip: h.ip, tokens: new Set(texts.flat()) };
  return { ...facts, backbone: isBackboneHop(facts, texts) };
}

const inSlash16 = (ip: string, prefix: string) => isIPv4(ip) && ip.startsWith(`${prefix}.`);
const hasAny = (e: HopEvidence, asns: number[]) => asns.some((n) => e.asns.has(n));

const isCn2Hop = (e: HopFacts) => e.asns.has(AS_CN2) || inSlash16(e.ip, "59.43") || e.tokens.has("CN2") || e.tokens.has("CTGNET");
// Some IP databases file CN2 addresses under AS4134; a hop showing CN2 evidence is not "ordinary".
// Provincial and backbone hops alike are ChinaNet 163 here (rule 6 weighs the whole network).
const isChinaNet163Hop = (e: HopEvidence) => !isCn2Hop(e) && (e.asns.has(AS_CHINANET) || e.backbone);

/** "CHINANET BACKBONE" or "163 BACKBONE" as adjacent whole tokens ("CTGNET backbone" is CN2's own). */
const saysBackbone = (tokens: readonly string[]) => tokens.some((t, i) => t === "BACKBONE" && (tokens[i - 1] === "CHINANET" || tokens[i - 1] === "163"));

/**
 * A hop on the ChinaNet 163 *backbone*, the part a CN2 GT path crosses and a GIA path avoids (§9):
 * an address in 202.97.0.0/16 (the backbone's own block, so the IP decides whatever AS a database
 * files it under), or backbone text on a hop without CN2 evidence. Provincial AS4134 hops are not
 * backbone hops: every telecom trace ends in one, since the carrier's target itself is one.
 */
const isBackboneHop = (e: HopFacts, texts: readonly string[][]) => inSlash16(e.ip, "202.97") || (!isCn2Hop(e) && texts.some(saysBackbone));

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
    // GIA stays on CN2 up to the destination province; GT hands over to the 163 backbone on the way.
    // The spec lets a GIA path show one backbone hop (a hand-off), so it takes two to make GT.
    const backboneHops = ev.filter((e) => e.backbone).length;
    return anyHop((e) => e.tokens.has("GIA")) || backboneHops <= 1 ? "CN2 GIA" : "CN2 GT";
  }
  if (anyHop((e) => hasAny(e, AS_UNICOM_PREMIUM) || e.tokens.has("CUII"))) return "AS9929";
  if (anyHop((e) => hasAny(e, AS_CMIN2) || e.tokens.has("CMIN2"))) return "CMIN2";
  if (anyHop((e) => hasAny(e, AS_CMI) || e.tokens.has("CMI"))) return "CMI";
  if (anyHop((e) => e.asns.has(AS_UNICOM_169))) return "AS4837";
  return chinaNet163Dominates(ev) ? "163" : "Ordinary";
}
