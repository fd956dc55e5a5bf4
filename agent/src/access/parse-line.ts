// One Xray / v2ray access-log line -> its fields (protocols.md §2 and §2.1). Pure.
//
// Xray:   2024/05/01 12:00:00.123456 from tcp:1.2.3.4:5678 accepted tcp:example.com:443 [in -> out] email: u
// v2ray4: 2026/11/22 07:16:53 127.0.0.1:57838 accepted tcp:127.0.0.1:18099 [direct] email: u
// Rejected lines have an empty destination, hence two spaces after the status.
import { isIP } from "node:net";

export interface LocalTimestamp {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

export type Network = "tcp" | "udp";

export interface AccessLine {
  time: LocalTimestamp;
  /** Normalised IP (IPv4-mapped IPv6 unwrapped), or null when the source is not an address ("DNS", masked). */
  sourceIp: string | null;
  sourcePort: number | null;
  status: "accepted" | "rejected";
  /** The destination's network; for a rejected line (no destination) the source's prefix if it had one. */
  network: Network | null;
  targetHost: string;
  targetPort: number;
  /** Inbound tag when the detour names one (`in -> out`); null for v2ray 4's `[out]` or no detour. */
  inboundTag: string | null;
  outboundTag: string | null;
  reason: string;
  email: string | null;
}

const HEAD = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))? +(?:from +)?(\S+) (accepted|rejected)(?: |$)/;
const DETOUR = /^\[([^\]]*)\](?: |$)/;
const DETOUR_SPLIT = /^(.*?) (->|>>|==>) (.*)$/;
const EMAIL_MARK = " email: ";

interface Endpoint {
  network: Network | null;
  host: string;
  port: number | null;
}

/** `tcp:host:port`, `udp:[v6]:port`, `1.2.3.4:5678`, `[2001:db8::1]:40000`, or a bare address. */
export function parseEndpoint(raw: string): Endpoint {
  let rest = raw;
  let network: Network | null = null;
  const prefix = /^(tcp|udp):/i.exec(rest);
  if (prefix) {
    network = prefix[1]!.toLowerCase() as Network;
    rest = rest.slice(prefix[0].length);
  }
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(rest);
  if (bracketed) return { network, host: bracketed[1]!, port: bracketed[2] ? Number(bracketed[2]) : null };
  // A bare IPv6 address has several colons and no port we could tell apart.
  if (isIP(rest) === 6) return { network, host: rest, port: null };
  const colon = rest.lastIndexOf(":");
  if (colon > 0 && /^\d+$/.test(rest.slice(colon + 1))) return { network, host: rest.slice(0, colon), port: Number(rest.slice(colon + 1)) };
  return { network, host: rest, port: null };
}

/** An IP as the server should see it; null when the text is not one. */
export function normaliseIp(host: string): string | null {
  const h = host.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped && isIP(mapped[1]!) === 4) return mapped[1]!;
  return isIP(h) ? h : null;
}

export function isLoopback(ip: string): boolean {
  return ip === "::1" || (isIP(ip) === 4 && ip.startsWith("127."));
}

function parseDetour(text: string): { inbound: string | null; outbound: string | null } {
  const m = DETOUR_SPLIT.exec(text);
  if (m) return { inbound: m[1]!.trim() || null, outbound: m[3]!.trim() || null };
  // A bare tag is the outbound: the inbound had no tag (Xray) or the core does not log it (v2ray 4).
  return { inbound: null, outbound: text.trim() || null };
}

export function parseAccessLine(line: string): AccessLine | null {
  const text = line.replace(/\r$/, "");
  const head = HEAD.exec(text);
  if (!head) return null;
  const [, y, mo, d, h, mi, s, frac, fromRaw, status] = head;
  const time: LocalTimestamp = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
    millisecond: frac ? Math.floor(Number(frac.padEnd(9, "0")) / 1e6) : 0,
  };
  let rest = text.slice(head[0].length);

  // The email is the last field; cut it first so a reason can never swallow it.
  let email: string | null = null;
  const at = (" " + rest).lastIndexOf(EMAIL_MARK);
  if (at >= 0) {
    email = (" " + rest).slice(at + EMAIL_MARK.length).trim() || null;
    rest = (" " + rest).slice(0, at).replace(/^ /, "");
  }

  // Rejected lines: empty destination, so `rest` starts with the space that followed it.
  let target: Endpoint = { network: null, host: "", port: null };
  if (rest && !rest.startsWith(" ") && !rest.startsWith("[")) {
    const sp = rest.indexOf(" ");
    const toRaw = sp < 0 ? rest : rest.slice(0, sp);
    rest = sp < 0 ? "" : rest.slice(sp + 1);
    target = parseEndpoint(toRaw);
  } else {
    rest = rest.replace(/^ +/, "");
  }

  let inbound: string | null = null;
  let outbound: string | null = null;
  const detour = DETOUR.exec(rest);
  if (detour) {
    ({ inbound, outbound } = parseDetour(detour[1]!));
    rest = rest.slice(detour[0].length);
  }

  const source = parseEndpoint(fromRaw!);
  const sourceIp = normaliseIp(source.host);
  return {
    time,
    sourceIp,
    sourcePort: sourceIp ? source.port : null,
    status: status as AccessLine["status"],
    network: target.network ?? source.network,
    targetHost: target.host,
    targetPort: target.port ?? 0,
    inboundTag: inbound,
    outboundTag: outbound,
    reason: rest.trim(),
    email,
  };
}
