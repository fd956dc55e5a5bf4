// Issue 26 item 2: what a client is sent depends on its version. The mechanism on a table of its
// own (known client old / new / unreadable version, unknown client), the endpoints each capability
// concerns, a gated render with its reasons and cache key, and the shipped table's rows.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { inbounds } from "../../src/server/db/schema";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { serveContent } from "../../src/server/services/subscription-content/serve";
import { openShop } from "../commerce/fixtures";
import { subscribedIn } from "./gate-fixtures";
import { compareVersions, limitsKey, limitsOf, needs, VERSION_GATES, versionRefusal, type GateRow } from "../../src/server/services/subscription-content/client-capabilities";
import { endpointsFor } from "../../src/server/services/subscription-content/endpoints";
import { renderCounted } from "../../src/server/services/subscription-content/render";
import type { ProxyEndpoint } from "../../src/server/services/subscription-content/types";
import { HY2_AUTH, inputFor, PROTOCOLS, SECURITIES, TRANSPORTS } from "./link-fixtures";

const GATES: GateRow[] = [
  { client: "Demo", ua: /^Demo\/(\S+)/i, capability: "hysteria2", since: "1.9.5", source: "test" },
  { client: "Demo", ua: /^Demo\/(\S+)/i, capability: "reality", since: "1.8.0", source: "test" },
  { client: "Demo", ua: /^Demo\/(\S+)/i, capability: "xhttp", since: "never", source: "test" },
];

const ep = (p: string, t: string, s: string): ProxyEndpoint =>
  endpointsFor(inputFor(PROTOCOLS.find((x) => x.name === p)!, TRANSPORTS.find((x) => x.name === t)!, SECURITIES.find((x) => x.name === s)!))[0]!;
const HY2: ProxyEndpoint = { name: "hy2", protocol: "hysteria2", host: "h.example.com", port: 443, credential: HY2_AUTH, flow: "", settings: { version: 2 }, streamSettings: { network: "hysteria", security: "tls", tlsSettings: { serverName: "h.example.com" } } };

describe("limitsOf", () => {
  it("compares dotted versions part by part as numbers", () => {
    expect(compareVersions("1.10.0", "1.9.5")).toBeGreaterThan(0);
    expect(compareVersions("1.9.5", "1.9.5")).toBe(0);
    expect(compareVersions("1.9", "1.9.5")).toBeLessThan(0);
    expect(compareVersions("2", "1.99.99")).toBeGreaterThan(0);
  });

  it("an old version lacks what came later; a new one lacks only what never came", () => {
    expect(limitsOf("Demo/1.7.2", GATES)).toEqual({ client: "Demo", version: "1.7.2", lacks: [{ capability: "hysteria2", since: "1.9.5" }, { capability: "reality", since: "1.8.0" }, { capability: "xhttp", since: "never" }] });
    expect(limitsOf("Demo/1.9.4", GATES).lacks.map((l) => l.capability)).toEqual(["hysteria2", "xhttp"]);
    expect(limitsOf("Demo/1.10.0 (Android)", GATES).lacks.map((l) => l.capability)).toEqual(["xhttp"]);
  });

  it("a known client whose version cannot be read gets the conservative set; an unknown client is not gated", () => {
    expect(limitsOf("Demo/beta-7", GATES)).toMatchObject({ client: "Demo", version: null });
    expect(limitsOf("Demo/beta-7", GATES).lacks).toHaveLength(3);
    expect(limitsOf("curl/8.5.0", GATES)).toEqual({ client: null, version: null, lacks: [] });
    expect(limitsOf("", GATES).lacks).toEqual([]);
  });
});

describe("what an endpoint needs, and a gated render", () => {
  it("names hysteria2, REALITY, XHTTP and Vision where they apply", () => {
    expect(needs(HY2)).toEqual(["hysteria2"]);
    expect(needs(ep("vless", "tcp", "reality"))).toEqual(["reality", "vision"]);
    expect(needs(ep("vless", "xhttp", "tls"))).toEqual(["xhttp"]);
    expect(needs(ep("vless", "tcp", "tls"))).toEqual(["vision"]);
    expect(needs(ep("vmess", "ws (host field)", "tls"))).toEqual([]);
  });

  it("leaves out what the version cannot use, with the version in the reason, and keys the cache by what is lacking", () => {
    const eps = [HY2, ep("vless", "tcp", "reality"), ep("vmess", "tcp", "none"), ep("vless", "xhttp", "tls")];
    const old = limitsOf("Demo/1.7.2", GATES);
    expect(versionRefusal(old, HY2)).toBe("Demo 1.7.2 has no Hysteria 2 (from 1.9.5)");
    expect(versionRefusal(old, eps[3]!)).toBe("Demo has no XHTTP");
    expect(versionRefusal(limitsOf("Demo/x", GATES), HY2)).toBe("Demo of an unknown version may have no Hysteria 2 (from 1.9.5)");
    const doc = renderCounted("plain", eps, "T", old);
    expect(doc.entries).toBe(1);
    expect(doc.body).toMatch(/^vmess:\/\//);
    expect(doc.skipped.map((s) => s.reason)).toEqual(["Demo 1.7.2 has no Hysteria 2 (from 1.9.5)", "Demo 1.7.2 has no REALITY (from 1.8.0)", "Demo has no XHTTP"]);
    expect(renderCounted("plain", eps, "T", limitsOf("Demo/2.0", GATES)).entries).toBe(3);
    expect(renderCounted("plain", eps, "T").entries).toBe(4);
    expect(limitsKey(old)).toBe("hysteria2+reality+xhttp");
    expect(limitsKey(limitsOf("curl/8", GATES))).toBe("");
  });
});

describe("the shipped table", () => {
  it("every row has a parseable UA pattern, a version or never, and a source", () => {
    for (const row of VERSION_GATES) {
      expect(row.since === "never" || /^\d+(?:\.\d+)*$/.test(row.since), `${row.client} ${row.capability}`).toBe(true);
      expect(row.source.length, `${row.client} ${row.capability}`).toBeGreaterThan(5);
      expect(row.ua.source.includes("("), `${row.client}: the version is group 1`).toBe(true);
    }
  });
});

describe("the shipped table on real User-Agents", () => {
  const lacking = (ua: string) => limitsOf(ua).lacks.map((l) => l.capability).sort();
  it.each([
    ["v2rayN/6.30", ["hysteria2", "xhttp"]],
    ["v2rayN/6.31", ["xhttp"]],
    ["v2rayN/6.58.0.0", ["xhttp"]],
    ["v2rayN/7.24.8", []],
    ["v2rayNG/1.9.4", ["hysteria2", "xhttp"]],
    ["v2rayNG/1.9.17", []],
    ["v2rayNG/1.8.0", ["hysteria2", "reality", "xhttp"]],
    ["SFA/1.12.0 (600; sing-box 1.12.0; language en)", ["xhttp"]],
    ["SFI (sing-box 1.4.2; language en)", ["hysteria2", "xhttp"]],
    ["SFA/1.14.0-alpha.3 (1; sing-box 1.14.0-alpha.3)", ["xhttp"]],
    ["clash.meta/v1.19.21", ["xhttp"]],
    ["clash.meta/v1.19.22", []],
    ["clash.meta/alpha-1a2b3c4", []],
    ["mihomo/1.15.0", ["hysteria2", "xhttp"]],
    ["Stash/3.0.5 Clash/1.9.0", ["reality", "vision"]],
    ["Shadowrocket/1978 CFNetwork/1331.0.7 Darwin/21.4.0", ["hysteria2"]],
    ["Shadowrocket/2070 CFNetwork/1496.0.7 Darwin/23.5.0", []],
    ["Surge iOS/2920", []],
    // A known client with no version: the conservative set.
    ["v2rayNG/", ["hysteria2", "reality", "vision", "xhttp"]],
    // Not gated: GUIs that report their own version, and anything unknown.
    ["clash-verge/v2.2.3", []],
    ["HiddifyNext/2.5.7 (android) like ClashMeta v2ray sing-box", []],
    ["curl/8.5.0", []],
  ] as const)("%s lacks %j", (ua, lacks) => {
    expect(lacking(ua)).toEqual([...lacks].sort());
  });
});

describe("through the endpoint", () => {
  const shop = openShop();
  afterAll(() => flushAccessLogs());

  it("an old v2rayNG is not sent the REALITY server its version cannot use; a newer one is", async () => {
    // The shop's vless inbound made REALITY before the subscription exists (so nothing cached knows it).
    const vless = shop.inbounds.find((i) => i.protocol === "vless")!;
    await shop.db
      .update(inbounds)
      .set({ streamSettings: { network: "tcp", security: "reality", realitySettings: { serverNames: ["www.apple.com"], shortIds: ["ab12"], settings: { publicKey: "Vx4WnSrV9eB1Zg3i1aSxZEBTIPjpN0pzH2b7vUs2nyk", fingerprint: "chrome" } } } })
      .where(eq(inbounds.id, vless.id));
    try {
      const { sub, token } = await subscribedIn(shop);
      const fetchAs = async (ua: string) =>
        (await serveContent(shop.db, { id: sub.id, token, format: "plain", userAgent: ua, ip: `198.18.30.${Math.floor(Math.random() * 250)}`, locale: "en" })).body.split("\n").map((l) => l.slice(0, l.indexOf(":")));
      expect((await fetchAs("v2rayNG/1.8.0")).sort()).toEqual(["vmess"]);
      expect((await fetchAs("v2rayNG/1.9.0")).sort()).toEqual(["vless", "vmess"]);
      // The two documents live side by side in the cache: the old client asks again, still without it.
      expect((await fetchAs("v2rayNG/1.8.0")).sort()).toEqual(["vmess"]);
      expect((await fetchAs("curl/8.5.0")).sort()).toEqual(["vless", "vmess"]);
    } finally {
      await shop.db.update(inbounds).set({ streamSettings: vless.streamSettings }).where(eq(inbounds.id, vless.id));
    }
  });
});
