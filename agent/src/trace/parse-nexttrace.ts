// `nexttrace --json` (NTrace-core): Hops is one array per TTL of probe results; RTT is a Go
// time.Duration (nanoseconds); Geo carries asnumber, country(_en), owner and isp when looked up.
//   {"Hops":[[{"Success":true,"Address":{"IP":"1.2.3.4","Zone":""},"TTL":1,"RTT":412000,"Geo":{...}}]]}
// Pure.
import { isIP } from "node:net";
import type { ParsedHop } from "./hops";

interface Probe {
  Success?: boolean;
  Address?: { IP?: string } | null;
  Hostname?: string;
  TTL?: number;
  RTT?: number;
  Geo?: Record<string, unknown> | null;
}

const s = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

export function parseNexttraceJson(text: string): ParsedHop[] {
  const doc = JSON.parse(text) as { Hops?: unknown };
  const ttls = Array.isArray(doc?.Hops) ? (doc.Hops as unknown[]) : [];
  const hops: ParsedHop[] = [];
  ttls.forEach((probes, index) => {
    const list = (Array.isArray(probes) ? probes : []) as Probe[];
    const hopNo = list.find((p) => typeof p?.TTL === "number")?.TTL ?? index + 1;
    const byIp = new Map<string, ParsedHop>();
    for (const p of list) {
      const ip = s(p?.Address?.IP);
      if (!p?.Success || !isIP(ip)) continue;
      const ms = typeof p.RTT === "number" && p.RTT > 0 ? Math.round(p.RTT / 1e4) / 100 : null;
      const seen = byIp.get(ip);
      if (seen) {
        if (ms !== null && (seen.latencyMs === null || ms < seen.latencyMs)) seen.latencyMs = ms;
        continue;
      }
      const geo = p.Geo ?? {};
      const asNumber = s(geo.asnumber).replace(/^AS/i, "");
      const hop: ParsedHop = { hop: hopNo, ip, latencyMs: ms };
      if (/^\d+$/.test(asNumber)) hop.asn = `AS${asNumber}`;
      if (s(geo.owner)) hop.owner = s(geo.owner);
      if (s(geo.isp)) hop.isp = s(geo.isp);
      const country = s(geo.country_en) || s(geo.country);
      if (country) hop.geo = country;
      if (s(p.Hostname)) hop.hostname = s(p.Hostname);
      byIp.set(ip, hop);
    }
    if (byIp.size === 0) hops.push({ hop: hopNo, ip: null, latencyMs: null });
    else hops.push(...byIp.values());
  });
  return hops;
}
