// sing-box JSON parsed back and compared with each inbound (protocols.md §8.2), the references a
// config must resolve (tags, selector members, route targets, DNS resolver), and none of the items
// 1.12/1.13 reject or deprecate.
import { describe, expect, it } from "vitest";
import { documentSingBox } from "../../src/server/services/subscription-content/sing-box";
import type { ProxyEndpoint } from "../../src/server/services/subscription-content/types";
import {
  allEndpoints,
  endpoint,
  GRPC,
  HU,
  HY2,
  NETWORKS,
  REALITY,
  SECURITIES,
  SS_2022,
  SS_PLAIN,
  TCP_HTTP,
  TLS,
  UUID,
  V2_PROTOCOLS,
  v2Endpoint,
  WS,
  type Net,
  type Sec,
} from "./document-fixtures";

type Obj = Record<string, unknown>;
type Config = { outbounds: Obj[]; inbounds: Obj[]; dns: { servers: Obj[]; final: string; rules?: Obj[] }; route: Obj & { rules: Obj[] } } & Obj;

function render(eps: ProxyEndpoint[], title = "Relay · Pro") {
  const out = documentSingBox(eps, { title });
  return { out, cfg: JSON.parse(out.body) as Config };
}

/** Every key anywhere in the document, as dotted paths. */
function keysOf(v: unknown, prefix = ""): string[] {
  if (Array.isArray(v)) return v.flatMap((x) => keysOf(x, prefix));
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => [`${prefix}${k}`, ...keysOf(x, `${prefix}${k}.`)]);
  return [];
}

/** The "must NOT emit" table of protocols.md §8.2, and the references sing-box resolves at start. */
function expectValidFor113(cfg: Config) {
  const types = cfg.outbounds.map((o) => o.type);
  for (const banned of ["dns", "block", "wireguard"]) expect(types).not.toContain(banned);
  for (const inbound of cfg.inbounds) {
    for (const k of ["sniff", "sniff_override_destination", "sniff_timeout", "domain_strategy", "inet4_address", "inet6_address"]) expect(inbound).not.toHaveProperty(k);
  }
  for (const o of cfg.outbounds) {
    expect(o).not.toHaveProperty("domain_strategy");
    expect(o).not.toHaveProperty("override_address");
    expect(o).not.toHaveProperty("override_port");
    const tls = o.tls as Obj | undefined;
    if (tls) for (const k of ["pq_signature_schemes_enabled", "dynamic_record_sizing_disabled"]) expect(tls.ech ?? {}).not.toHaveProperty(k);
  }
  const keys = keysOf(cfg);
  for (const k of keys) expect(k).not.toMatch(/(^|\.)(geoip|geosite)$/);
  // DNS servers in the typed form; no address URLs, rcode:// or fakeip blocks; no rule `outbound`.
  for (const s of cfg.dns.servers) {
    expect(s).toHaveProperty("type");
    expect(s).not.toHaveProperty("address");
    expect(s).not.toHaveProperty("address_resolver");
  }
  expect(cfg.dns).not.toHaveProperty("fakeip");
  for (const r of cfg.dns.rules ?? []) expect(r).not.toHaveProperty("outbound");
  expect(cfg.route.default_domain_resolver).toBe("local");
  expect(cfg.dns.servers.map((s) => s.tag)).toContain(cfg.route.default_domain_resolver);
  expect(cfg.dns.servers.map((s) => s.tag)).toContain(cfg.dns.final);
  // Rule actions replace the removed outbounds and inbound fields.
  expect(cfg.route.rules).toContainEqual({ action: "sniff" });
  expect(cfg.route.rules).toContainEqual({ protocol: "dns", action: "hijack-dns" });
  // Tags unique; every reference resolves; groups non-empty.
  const tags = cfg.outbounds.map((o) => o.tag as string);
  expect(new Set(tags).size).toBe(tags.length);
  for (const g of cfg.outbounds.filter((o) => o.type === "selector" || o.type === "urltest")) {
    const members = g.outbounds as string[];
    expect(members.length).toBeGreaterThan(0);
    for (const m of members) expect(tags).toContain(m);
    if (g.default) expect(members).toContain(g.default);
  }
  expect(tags).toContain(cfg.route.final);
  for (const r of cfg.route.rules) if (r.outbound) expect(tags).toContain(r.outbound);
}

function expectedSkip(protocol: string, net: Net, sec: Sec): RegExp | null {
  if (net === "xhttp") return /XHTTP/;
  if (net === "tcp-http" && sec !== "none") return /HTTP header inside TLS/;
  return null;
}

function expectOutboundMatches(o: Obj, ep: ProxyEndpoint, protocol: string, net: Net, sec: Sec) {
  expect(o.type).toBe(protocol);
  expect(o.tag).toBe(ep.name);
  expect(o.server).toBe(ep.host);
  expect(o.server_port).toBe(ep.port);
  const keys = new Set(Object.keys(o));
  ["type", "tag", "server", "server_port"].forEach((k) => keys.delete(k));
  if (protocol === "trojan") {
    expect(o.password).toBe(ep.credential);
    keys.delete("password");
  } else {
    expect(o.uuid).toBe(UUID);
    keys.delete("uuid");
  }
  if (protocol === "vmess") {
    expect(o.security).toBe("auto");
    expect(o.alter_id).toBe(0);
    keys.delete("security");
    keys.delete("alter_id");
  }
  if (protocol === "vless" && net === "tcp" && sec !== "none") {
    expect(o.flow).toBe("xtls-rprx-vision");
    keys.delete("flow");
  }
  if (sec === "none") expect(o.tls).toBeUndefined();
  if (sec === "tls") expect(o.tls).toEqual({ enabled: true, server_name: TLS.sni, alpn: TLS.alpn, utls: { enabled: true, fingerprint: TLS.fp } });
  if (sec === "reality") {
    // REALITY requires uTLS in sing-box.
    expect(o.tls).toEqual({ enabled: true, server_name: REALITY.sni, utls: { enabled: true, fingerprint: REALITY.fp }, reality: { enabled: true, public_key: REALITY.pbk, short_id: REALITY.sid } });
  }
  keys.delete("tls");
  const transport = {
    tcp: undefined,
    "tcp-http": { type: "http", host: TCP_HTTP.hosts, path: TCP_HTTP.paths[0], method: "GET" },
    ws: { type: "ws", path: WS.path, headers: { Host: WS.host }, max_early_data: WS.ed, early_data_header_name: "Sec-WebSocket-Protocol" },
    httpupgrade: { type: "httpupgrade", path: HU.path, host: HU.host },
    grpc: { type: "grpc", service_name: GRPC.serviceName },
    xhttp: "n/a",
  }[net];
  expect(o.transport).toEqual(transport);
  keys.delete("transport");
  expect([...keys]).toEqual([]);
}

describe("sing-box JSON", () => {
  const { out, cfg } = render(allEndpoints());

  it("is the 1.12/1.13 client skeleton: typed DNS, mixed inbound on 127.0.0.1:2080, selector + urltest + direct", () => {
    expect(out.contentType).toBe("application/json; charset=utf-8");
    expect(out.extension).toBe("json");
    expect(cfg.dns.servers).toEqual([
      { type: "local", tag: "local" },
      { type: "tls", tag: "remote", server: "1.1.1.1" },
    ]);
    expect(cfg.inbounds).toEqual([{ type: "mixed", tag: "mixed-in", listen: "127.0.0.1", listen_port: 2080 }]);
    const proxyTags = cfg.outbounds.filter((o) => !["selector", "urltest", "direct"].includes(o.type as string)).map((o) => o.tag);
    expect(cfg.outbounds[0]).toEqual({ type: "selector", tag: "Relay · Pro", outbounds: ["auto", ...proxyTags], default: "auto" });
    expect(cfg.outbounds[1]).toEqual({ type: "urltest", tag: "auto", outbounds: proxyTags, url: "https://www.gstatic.com/generate_204", interval: "3m" });
    expect(cfg.outbounds.at(-1)).toEqual({ type: "direct", tag: "direct" });
    expect(cfg.route.final).toBe("Relay · Pro");
    expect(cfg.route.rules).toContainEqual({ ip_is_private: true, outbound: "direct" });
    expectValidFor113(cfg);
  });

  const combos = V2_PROTOCOLS.flatMap((p) => NETWORKS.flatMap((n) => SECURITIES.map((s) => [p, n, s] as const)));
  it.each(combos)("%s over %s with %s security", (protocol, net, sec) => {
    const ep = v2Endpoint(protocol, net, sec);
    const skip = expectedSkip(protocol, net, sec);
    const o = cfg.outbounds.find((x) => x.tag === ep.name);
    const skipped = out.skipped.find((s) => s.name === ep.name);
    if (skip) {
      expect(o).toBeUndefined();
      expect(skipped?.reason).toMatch(skip);
    } else {
      expect(skipped).toBeUndefined();
      expectOutboundMatches(o!, ep, protocol, net, sec);
    }
  });

  it("shadowsocks: AEAD and 2022 (multi-user password <server key>:<user key>)", () => {
    expect(cfg.outbounds.find((o) => o.tag === "ss-aead")).toEqual({ type: "shadowsocks", tag: "ss-aead", server: SS_PLAIN.host, server_port: SS_PLAIN.port, method: "aes-256-gcm", password: "ss-user-pass" });
    expect(cfg.outbounds.find((o) => o.tag === "ss-2022")).toMatchObject({ method: "2022-blake3-aes-128-gcm", password: `${SS_2022.settings.password}:${SS_2022.credential}` });
  });

  it("hysteria2: password, mandatory TLS, salamander obfs, hopping ports in sing-box's a:b form", () => {
    expect(cfg.outbounds.find((o) => o.tag === "hy2")).toEqual({
      type: "hysteria2",
      tag: "hy2",
      server: HY2.host,
      server_port: 4443,
      password: "hy-auth-1",
      tls: { enabled: true, server_name: "hy.example.com", alpn: ["h3"], insecure: true },
      server_ports: ["20000:30000"],
      obfs: { type: "salamander", password: "obfs-pw" },
    });
  });

  it("an empty list is still valid: the selector holds direct", () => {
    const { cfg: e, out: o } = render([]);
    expect(e.outbounds).toEqual([
      { type: "selector", tag: "Relay · Pro", outbounds: ["direct"], default: "direct" },
      { type: "direct", tag: "direct" },
    ]);
    expect(o.skipped).toEqual([]);
    expectValidFor113(e);
  });

  it("tags are unique, also against the selector, auto and direct", () => {
    const eps = [endpoint("vmess", { name: "x" }), endpoint("vmess", { name: "x" }), endpoint("vmess", { name: "auto" }), endpoint("vmess", { name: "direct" }), endpoint("vmess", { name: "Relay · Pro" })];
    const { cfg: c } = render(eps);
    expect(c.outbounds.filter((o) => o.type === "vmess").map((o) => o.tag)).toEqual(["x", "x 2", "auto 2", "direct 2", "Relay · Pro 2"]);
    expectValidFor113(c);
    for (const title of ["direct", "auto", ""]) expect(render([endpoint("vmess")], title).cfg.route.final).toBe("proxy");
  });

  it("mKCP and VLESS encryption are skipped with a reason; trojan without TLS is carried (sing-box allows it)", () => {
    const kcp = endpoint("vmess", { name: "kcp", streamSettings: { network: "kcp", security: "none" } });
    const enc = endpoint("vless", { name: "enc", settings: { encryption: "mlkem768x25519plus.native.0rtt.abc" } });
    const { out: o, cfg: c } = render([kcp, enc]);
    expect(o.skipped).toEqual([
      { name: "kcp", reason: expect.stringMatching(/mKCP/) },
      { name: "enc", reason: expect.stringMatching(/encryption/) },
    ]);
    expectValidFor113(c);
    expect(cfg.outbounds.find((x) => x.tag === "trojan-tcp-none")).toMatchObject({ type: "trojan", password: "trojan-pass-1" });
  });

  it("REALITY without a fingerprint still enables uTLS (chrome)", () => {
    const ep = v2Endpoint("vless", "grpc", "reality");
    (ep.streamSettings.realitySettings as { settings: Obj }).settings.fingerprint = "";
    const tls = render([ep]).cfg.outbounds.find((o) => o.tag === ep.name)!.tls as Obj;
    expect(tls.utls).toEqual({ enabled: true, fingerprint: "chrome" });
  });
});
