// Version gating (issue 26 item 2): what a client can use depends on its version, parsed from the
// User-Agent. A known client whose version says it lacks a capability is not sent the endpoints that
// need it (left out and counted like any format's refusals); a known client whose version cannot be
// read gets the conservative set (every gated capability off); an unknown client is not gated (the
// format's own rules still apply). Each row names its source; README "Version gating" prints them.
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
  /**
   * A version that is not a number: "conservative" (the default: every gated capability off), or
   * "newest" where such builds are development builds, newer than every release.
   */
  unnumbered?: "conservative" | "newest";
}

// Facts from the clients' own code at their release tags (research notes of 2026-11, issue 26);
// "peer" rows rest on Xboard's gates only. The User-Agent formats are protocols.md §8.4/§9.
const V2RAYN = /^v2rayN\/(\S*)/i; // 6.31, 6.58.0.0 or 7.24.8: two to four parts
const V2RAYNG = /^v2rayNG\/(\S*)/i;
const SING_BOX = /\bsing-box ([0-9]\S*?)(?:[;)]|$)/i; // the core's version: SFA/SFI/SFM/SFT and plain sing-box
const MIHOMO = /^(?:clash\.meta|mihomo)\/v?(\S*)/i; // the core fetching a proxy provider; GUIs send their own version
const STASH = /^Stash\/(\S*)/i;
const SHADOWROCKET = /^Shadowrocket\/(\S*)/i; // an App Store build number
const SURGE = /^Surge(?: iOS| Mac)?\/(\S*)/i; // a build number

export const VERSION_GATES: readonly GateRow[] = [
  { client: "v2rayN", ua: V2RAYN, capability: "hysteria2", since: "6.31", source: "2dust/v2rayN tag 6.31: Global.cs hysteria2:// and hy2://, ShareHandler.cs ResolveHysteria2" },
  { client: "v2rayN", ua: V2RAYN, capability: "reality", since: "6.19", source: "2dust/v2rayN commit 30bc9ded (tag 6.19): REALITY share links (pbk, sid)" },
  { client: "v2rayN", ua: V2RAYN, capability: "xhttp", since: "7.1.0", source: "2dust/v2rayN tag 7.1.0: ServiceLib/Handler/Fmt/BaseFmt.cs type=xhttp (splithttp was removed in 7.2.1)" },
  { client: "v2rayN", ua: V2RAYN, capability: "vision", since: "5.38", source: "2dust/v2rayN commit f70ca779 (tag 5.38): xtls-rprx-vision in the flow list" },
  { client: "v2rayNG", ua: V2RAYNG, capability: "hysteria2", since: "1.9.5", source: "2dust/v2rayNG tag 1.9.5: AngConfigManager.kt takes hysteria2:// and hy2:// (hysteria2:// alone from 1.9.3)" },
  { client: "v2rayNG", ua: V2RAYNG, capability: "reality", since: "1.8.1", source: "2dust/v2rayNG commit 6cdcbb00 (tag 1.8.1): REALITY share links" },
  { client: "v2rayNG", ua: V2RAYNG, capability: "xhttp", since: "1.9.17", source: "2dust/v2rayNG tag 1.9.17: fmt/FmtBase.kt type=xhttp" },
  { client: "v2rayNG", ua: V2RAYNG, capability: "vision", since: "1.7.24", source: "2dust/v2rayNG commit 1794ae47 (tag 1.7.24) and its release note" },
  { client: "sing-box", ua: SING_BOX, capability: "reality", since: "1.2.0", source: "SagerNet/sing-box changelog 1.2.0 \"Add reality TLS support\" (Xboard's 1.6.0 gate is its own choice)" },
  { client: "sing-box", ua: SING_BOX, capability: "hysteria2", since: "1.5.0", source: "SagerNet/sing-box changelog 1.5.0 \"Add Hysteria2 protocol support\"" },
  { client: "sing-box", ua: SING_BOX, capability: "xhttp", since: "never", source: "SagerNet/sing-box: no xhttp in any tag up to v1.14.0-alpha.2" },
  { client: "sing-box", ua: SING_BOX, capability: "vision", since: "1.3.0", source: "SagerNet/sing-box changelog: Vision in 1.2.0, its XUDP made compatible with Xray in 1.3-beta8" },
  { client: "mihomo", ua: MIHOMO, capability: "reality", since: "1.14.3", source: "MetaCubeX/mihomo commit 76a8fe38 (tag v1.14.3): reality-opts", unnumbered: "newest" },
  { client: "mihomo", ua: MIHOMO, capability: "vision", since: "1.14.3", source: "MetaCubeX/mihomo commit 81722610 (tag v1.14.3): VLESS XTLS Vision", unnumbered: "newest" },
  { client: "mihomo", ua: MIHOMO, capability: "hysteria2", since: "1.16.0", source: "MetaCubeX/mihomo commit 9b8e2d93 (tag v1.16.0): Hysteria2", unnumbered: "newest" },
  { client: "mihomo", ua: MIHOMO, capability: "xhttp", since: "1.19.22", source: "MetaCubeX/mihomo PR #2645 (merged 2026-03-27), first released in v1.19.22 (release dates; tag not read)", unnumbered: "newest" },
  { client: "Stash", ua: STASH, capability: "reality", since: "3.1.0", source: "peer: Xboard app/Protocols/Stash.php (REALITY added in 3.1.0)" },
  { client: "Stash", ua: STASH, capability: "vision", since: "3.1.0", source: "peer: Xboard app/Protocols/Stash.php (xtls-rprx-vision 3.1.0)" },
  { client: "Stash", ua: STASH, capability: "hysteria2", since: "2.5.0", source: "peer: Xboard app/Protocols/Stash.php (hysteria2 from 2.5.0, 2023-11-08)" },
  { client: "Shadowrocket", ua: SHADOWROCKET, capability: "hysteria2", since: "1993", source: "peer: Xboard app/Protocols/Shadowrocket.php (build 1993)" },
  { client: "Surge", ua: SURGE, capability: "hysteria2", since: "2398", source: "peer: Xboard app/Protocols/Surge.php (build 2398; vendor: iOS 5.8.0 / Mac 5.4.0)" },
];

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
  // The leading number: "1.14.0-alpha.37" is 1.14.0; "alpha-1a2b" or "" is no version at all.
  const version = /^\d+(?:\.\d+)*/.exec(raw)?.[0] ?? null;
  const newest = version === null && rows[0]!.unnumbered === "newest";
  const lacks = rows
    .filter((g) => g.client === client)
    // Unreadable version: the conservative set (every gated capability off), unless dev builds.
    .filter((g) => g.since === "never" || (version === null ? !newest : compareVersions(version, g.since) < 0))
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
  if (ep.protocol === "vless" && ep.flow === "xtls-rprx-vision" && s.network === "tcp" && s.security !== "none") out.push("vision");
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
