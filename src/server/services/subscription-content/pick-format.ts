// Which document a request gets: `?format=` when given, else the client's User-Agent (protocols.md
// §8.4, Remnawave's order: Mihomo family, Stash, sing-box family, any other Clash, then links). The
// rules are data so the README's client table is generated from what the code actually does.
import { SERVED_FORMATS, type ServedFormat } from "./types";

/** Other names people and clients put in `?format=`. */
export const FORMAT_ALIASES: Readonly<Record<string, ServedFormat>> = {
  "clash-meta": "clash",
  clashmeta: "clash",
  mihomo: "clash",
  meta: "clash",
  singbox: "sing-box",
  json: "v2ray-json",
  "xray-array": "xray-json",
  clash_classic: "clash-classic",
  ss: "sip008",
  quantumultx: "quantumult-x",
  qx: "quantumult-x",
  shadowsocks: "sip008",
  links: "base64",
  v2rayn: "base64",
  raw: "plain",
  text: "plain",
};

export interface UaRule {
  /** Clients this rule is for, as the README shows them. */
  clients: string;
  /** A User-Agent such a client sends (from its source; protocols.md §8.4). */
  example: string;
  pattern: RegExp;
  format: ServedFormat;
}

/** First match wins; nothing matched gives base64. Patterns are anchored where a name could appear inside another client's UA (Hiddify's says "like ClashMeta"). */
export const UA_RULES: readonly UaRule[] = [
  {
    clients: "Clash Verge Rev, FlClash, mihomo core, Clash Meta for Android, Clash Nyanpasu, Koala Clash, Prizrak-Box",
    example: "clash-verge/v2.2.3",
    pattern: /^(?:flclash|flowvy|murge|mihomo|prizrak-box|koala-clash|clash(?:-verge|-nyanpasu|x meta|[-.]?meta))/i,
    format: "clash",
  },
  { clients: "Stash", example: "Stash/3.1.0 Clash/1.11.0", pattern: /^stash/i, format: "stash" },
  {
    clients: "sing-box apps (SFA, SFI, SFM, SFT), Hiddify, Karing",
    example: "SFA/1.12.0 (600; sing-box 1.12.0)",
    pattern: /^(?:sfa|sfi|sfm|sft)\b|sing-?box|hiddify|^karing/i,
    format: "sing-box",
  },
  { clients: "Other Clash clients (Clash for Windows, ClashX)", example: "ClashforWindows/0.20.39", pattern: /^clash/i, format: "clash" },
  // protocols.md §9: each sends its name first; Quantumult X's space stays percent-encoded.
  { clients: "Surge (iOS, Mac)", example: "Surge iOS/2920", pattern: /^surge\b/i, format: "surge" },
  { clients: "Surfboard", example: "Surfboard/2.34.4", pattern: /^surfboard/i, format: "surfboard" },
  { clients: "Quantumult X", example: "Quantumult%20X/1.0.29 (iPhone14,5; iOS 15.4.1)", pattern: /^quantumult(?:%20| )x/i, format: "quantumult-x" },
  { clients: "Loon", example: "Loon/975 CFNetwork/3860.700.1 Darwin/25.6.0", pattern: /^loon\//i, format: "loon" },
  { clients: "Shadowrocket", example: "Shadowrocket/1978 CFNetwork/1331.0.7 Darwin/21.4.0", pattern: /^shadowrocket/i, format: "shadowrocket" },
  {
    // Newer v2rayN, v2rayNG, Happ and Streisand get the Xray-JSON array by the default response rules.
    clients: "v2rayN, v2rayNG, Happ, Streisand, V2Box",
    example: "v2rayNG/1.8.28",
    pattern: /^(?:v2rayn|v2rayng|happ|streisand|v2box)\b/i,
    format: "base64",
  },
];

export const DEFAULT_FORMAT: ServedFormat = "base64";

export function pickFormat(req: { format?: string | null; userAgent?: string | null }): ServedFormat | { error: "unknown_format" } {
  const asked = (req.format ?? "").trim().toLowerCase();
  if (asked) {
    if ((SERVED_FORMATS as readonly string[]).includes(asked)) return asked as ServedFormat;
    return Object.hasOwn(FORMAT_ALIASES, asked) ? FORMAT_ALIASES[asked]! : { error: "unknown_format" };
  }
  const ua = (req.userAgent ?? "").trim();
  return UA_RULES.find((r) => r.pattern.test(ua))?.format ?? DEFAULT_FORMAT;
}
