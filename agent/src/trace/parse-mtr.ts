// `mtr --json -n -z -c N host` (mtr 0.92+): report.hubs[], one per hop, "???" for a silent one.
//   {"report":{"mtr":{...},"hubs":[{"count":1,"host":"10.0.0.1","ASN":"AS???","Loss%":0.0,"Snt":3,"Best":0.36,...}]}}
// mtr 0.92 prints count as a string. Pure.
import { isIP } from "node:net";
import type { ParsedHop } from "./hops";

const num = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

export function parseMtrJson(text: string): ParsedHop[] {
  const doc = JSON.parse(text) as { report?: { hubs?: unknown[] } };
  const hubs = Array.isArray(doc?.report?.hubs) ? doc.report.hubs : [];
  const hops: ParsedHop[] = [];
  hubs.forEach((raw, index) => {
    const h = (raw ?? {}) as Record<string, unknown>;
    const hop = num(h.count) ?? index + 1;
    const hostText = typeof h.host === "string" ? h.host.trim() : "";
    // Without -n the host may be "name (ip)".
    const inParens = /\(([^)]+)\)\s*$/.exec(hostText)?.[1];
    const ip = isIP(hostText) ? hostText : inParens && isIP(inParens) ? inParens : null;
    const loss = num(h["Loss%"]);
    if (!ip || loss === 100) {
      hops.push({ hop, ip: null, latencyMs: null });
      return;
    }
    const asn = typeof h.ASN === "string" && /^AS\d+$/i.test(h.ASN.trim()) ? h.ASN.trim().toUpperCase() : undefined;
    const best = num(h.Best) ?? num(h.Avg);
    hops.push({ hop, ip, latencyMs: best, ...(asn ? { asn } : {}), ...(!isIP(hostText) && hostText !== ip ? { hostname: hostText.replace(/\s*\([^)]*\)\s*$/, "") } : {}) });
  });
  return hops;
}
