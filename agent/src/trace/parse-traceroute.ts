// Output of Linux traceroute (Dmitry Butskoy's 2.x, and the inetutils/BSD/busybox look-alikes):
//
//   traceroute to 202.97.1.1 (202.97.1.1), 30 hops max, 60 byte packets
//    1  10.0.0.1 (10.0.0.1)  0.412 ms  0.380 ms  0.361 ms
//    2  * * *
//    3  61.152.24.1 (61.152.24.1) [AS4812]  2.112 ms 61.152.24.5 (61.152.24.5) [AS4812]  2.301 ms *
//    4  202.97.12.1  10.2 ms !H  10.4 ms  *                       (-n)
//
// Pure: text in, hops out. Several responders of one hop become several entries.
import { isIP } from "node:net";
import type { ParsedHop } from "./hops";

const HOP_LINE = /^\s*(\d{1,3})\s+(.*)$/;

interface Responder {
  ip: string | null;
  hostname?: string;
  asn?: string;
  best: number | null;
}

function asnText(token: string): string | undefined {
  // "[AS4134]", "[AS4134/AS4809]", "[*]" (no answer from the registry)
  const inner = token.slice(1, -1).trim();
  if (!inner || inner === "*") return undefined;
  return inner
    .split("/")
    .map((a) => a.trim().toUpperCase())
    .filter((a) => /^AS\d+$/.test(a))
    .join("/") || undefined;
}

export function parseTraceroute(text: string): ParsedHop[] {
  const hops: ParsedHop[] = [];
  for (const rawLine of text.split("\n")) {
    const line = rawLine.replace(/\r$/, "");
    const m = HOP_LINE.exec(line);
    if (!m) continue;
    const hop = Number(m[1]);
    const tokens = m[2]!.trim().split(/\s+/);
    const responders: Responder[] = [];
    let current: Responder | null = null;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t === "*") continue;
      if (t === "ms") continue;
      if (/^!/.test(t)) continue; // !H !N !X !<n>: unreachable annotations
      if (/^<.*>$/.test(t)) continue; // <syn,ack>, <MPLS:...>
      if (/^\[.*\]$/.test(t)) {
        if (current) current.asn = asnText(t) ?? current.asn;
        continue;
      }
      if (/^\(.*\)$/.test(t)) {
        const ip = t.slice(1, -1);
        if (current && isIP(ip)) current.ip = ip;
        continue;
      }
      if (/^\d+(\.\d+)?$/.test(t) && tokens[i + 1] === "ms") {
        const ms = Number(t);
        if (current && (current.best === null || ms < current.best)) current.best = ms;
        i++;
        continue;
      }
      // A new address: an IP (-n) or a hostname followed by "(ip)". A responder seen again in the
      // same hop (the same router answering a later probe) is the same entry.
      const asIp = isIP(t) ? t : null;
      const again = responders.find((r) => (asIp ? r.ip === asIp : r.hostname === t));
      if (again) {
        current = again;
        continue;
      }
      current = asIp ? { ip: asIp, best: null } : { ip: null, hostname: t, best: null };
      responders.push(current);
    }
    const answered = responders.filter((r) => r.ip);
    if (answered.length === 0) {
      hops.push({ hop, ip: null, latencyMs: null });
      continue;
    }
    for (const r of answered) {
      hops.push({ hop, ip: r.ip, latencyMs: r.best, ...(r.hostname ? { hostname: r.hostname } : {}), ...(r.asn ? { asn: r.asn } : {}) });
    }
  }
  return hops;
}
