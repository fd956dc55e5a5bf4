// Version gating (issue 26 item 2): what a client can use depends on its version, parsed from the
// User-Agent. A known client whose version says it lacks a capability is not sent the endpoints that
// need it (left out and counted like any format's refusals); a known client whose version cannot be
// read gets the conservative set (every gated capability off); an unknown client is not gated (the
// format's own rules still apply). Each row names its source; README "Version gating" prints them.
import { str } from "./stream";
import { readStream } from "./stream";
import type { ProxyEndpoint } from "./types";

export type Capability = "hysteria2" | "reality" | "xhttp" | "vision";

export interface GateRow {
  client: string;
  /** Matches the client's User-Agent; group 1 is its version (dotted numbers, or a build number). */
  ua: RegExp;
  capability: Capability;
  /** First version with it; "never" = no version has it. */
  since: string;
  source: string;
}

export const VERSION_GATES: readonly GateRow[] = [];

/** Dotted versions compared part by part as numbers; a missing part is 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export interface ClientLimits {
  client: string | null;
  version: string | null;
  /** The capabilities this client (at this version) lacks, with the version that brings each. */
  lacks: { capability: Capability; since: string }[];
}

const NONE: ClientLimits = { client: null, version: null, lacks: [] };
const memo = new Map<string, ClientLimits>();

export function limitsOf(userAgent: string, gates: readonly GateRow[] = VERSION_GATES): ClientLimits {
  const ua = userAgent.slice(0, 512);
  if (gates === VERSION_GATES) {
    const hit = memo.get(ua);
    if (hit) return hit;
  }
  const rows = gates.filter((g) => g.ua.test(ua));
  if (rows.length === 0) return remember(ua, NONE, gates);
  const client = rows[0]!.client;
  const raw = rows[0]!.ua.exec(ua)?.[1] ?? "";
  const version = /^\d+(?:\.\d+)*$/.test(raw) ? raw : null;
  const lacks = rows
    .filter((g) => g.client === client)
    // Unreadable version: the conservative set (every gated capability off).
    .filter((g) => g.since === "never" || version === null || compareVersions(version, g.since) < 0)
    .map((g) => ({ capability: g.capability, since: g.since }));
  return remember(ua, { client, version, lacks }, gates);
}

function remember(ua: string, limits: ClientLimits, gates: readonly GateRow[]): ClientLimits {
  if (gates === VERSION_GATES) {
    // Bounded: User-Agents are few per client but anyone can send new ones.
    if (memo.size >= 2_000) memo.clear();
    memo.set(ua, limits);
  }
  return limits;
}

/** What this endpoint needs of a client. */
export function needs(ep: ProxyEndpoint): Capability[] {
  const out: Capability[] = [];
  if (ep.protocol === "hysteria2") out.push("hysteria2");
  const s = readStream(ep);
  if (s.security === "reality") out.push("reality");
  if (s.network === "xhttp") out.push("xhttp");
  if (ep.protocol === "vless" && str(ep.flow) === "xtls-rprx-vision" && s.network === "tcp" && s.security !== "none") out.push("vision");
  return out;
}

const CAPABILITY_NAME: Record<Capability, string> = { hysteria2: "Hysteria 2", reality: "REALITY", xhttp: "XHTTP", vision: "VLESS Vision" };

/** Why this client cannot use the endpoint, or null. */
export function versionRefusal(limits: ClientLimits, ep: ProxyEndpoint): string | null {
  if (limits.lacks.length === 0) return null;
  for (const need of needs(ep)) {
    const lack = limits.lacks.find((l) => l.capability === need);
    if (!lack) continue;
    const what = CAPABILITY_NAME[need];
    if (lack.since === "never") return `${limits.client} has no ${what}`;
    return limits.version ? `${limits.client} ${limits.version} has no ${what} (from ${lack.since})` : `${limits.client} of an unknown version may have no ${what} (from ${lack.since})`;
  }
  return null;
}

/** The cache-key part of these limits: documents for different capability sets differ. */
export const limitsKey = (limits: ClientLimits) => (limits.lacks.length ? limits.lacks.map((l) => l.capability).sort().join("+") : "");
