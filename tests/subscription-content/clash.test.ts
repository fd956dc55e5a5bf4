// Clash/Mihomo and Stash YAML parsed back with an independent YAML parser and compared, field by field,
// with the inbound each proxy came from (protocols.md §8.1), plus the load-time validity rules mihomo
// enforces: unique names, non-empty groups, every rule target defined.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { documentClash, type ClashDialect } from "../../src/server/services/subscription-content/clash";
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
  XH,
  type Net,
  type Sec,
} from "./document-fixtures";

type Doc = { proxies: Record<string, unknown>[]; "proxy-groups": Record<string, unknown>[]; rules: string[] } & Record<string, unknown>;
const BUILT_INS = new Set(["DIRECT", "REJECT", "REJECT-DROP", "PASS", "COMPATIBLE", "GLOBAL"]);

function render(eps: ProxyEndpoint[], dialect: ClashDialect, title = "Relay · Pro") {
  const out = documentClash(eps, { dialect, title });
  return { out, doc: parse(out.body) as Doc };
}

/** What mihomo checks when it loads a profile (MH config/config.go, outboundgroup/parser.go, tunnel). */
function expectLoadable(doc: Doc) {
  const proxyNames = doc.proxies.map((p) => p.name as string);
  const groupNames = doc["proxy-groups"].map((g) => g.name as string);
  const all = [...proxyNames, ...groupNames];
  expect(new Set(all).size, "duplicate proxy/group name").toBe(all.length);
  for (const n of all) expect(BUILT_INS.has(n), `${n} shadows a built-in`).toBe(false);
  const defined = new Set([...all, ...BUILT_INS]);
  for (const g of doc["proxy-groups"]) {
    const members = g.proxies as string[];
    expect(Array.isArray(members) && members.length > 0, `group ${g.name} is empty`).toBe(true);
    for (const m of members) expect(defined.has(m), `group ${g.name} names unknown ${m}`).toBe(true);
    expect(new Set(members).size).toBe(members.length);
  }
  expect(doc.rules.at(-1)).toMatch(/^MATCH,/);
  for (const rule of doc.rules) {
    const parts = rule.split(",");
    const target = parts[0] === "MATCH" ? parts[1]! : parts[2]!;
    expect(defined.has(target), `rule ${rule} targets unknown ${target}`).toBe(true);
  }
  for (const p of doc.proxies) {
    expect(typeof p.server).toBe("string");
    expect(Number.isInteger(p.port)).toBe(true);
  }
}

/** Why mihomo or Stash would refuse the combination, or null when it must be present. */
function expectedSkip(protocol: string, net: Net, sec: Sec, dialect: ClashDialect): RegExp | null {
  if (protocol === "trojan" && sec === "none") return /TLS/;
  if (dialect === "stash" && sec === "reality" && protocol !== "vless") return /Stash has no .* REALITY/;
  if (protocol === "trojan" && net === "tcp-http") return /HTTP header/;
  if (dialect === "stash" && net === "httpupgrade") return /Stash has no HTTPUpgrade/;
  if (net === "xhttp") return dialect === "stash" ? /Stash has no XHTTP/ : protocol === "vless" ? null : /VLESS only/;
  return null;
}

/** The proxy entry, checked key by key against the inbound it came from. */
function expectProxyMatches(p: Record<string, unknown>, ep: ProxyEndpoint, protocol: string, net: Net, sec: Sec) {
  const keys = new Set(Object.keys(p));
  const used = (k: string) => keys.delete(k);
  expect(p.type).toBe(protocol);
  expect(p.server).toBe(ep.host);
  expect(p.port).toBe(ep.port);
  expect(p.udp).toBe(true);
  ["name", "type", "server", "port", "udp"].forEach(used);
  if (protocol === "trojan") {
    expect(p.password).toBe(ep.credential);
    used("password");
  } else {
    expect(p.uuid).toBe(UUID);
    used("uuid");
  }
  if (protocol === "vmess") {
    expect(p.alterId).toBe(0);
    expect(p.cipher).toBe("auto");
    used("alterId");
    used("cipher");
  }
  if (protocol === "vless" && net === "tcp" && sec !== "none") {
    expect(p.flow).toBe("xtls-rprx-vision");
    used("flow");
  }
  const sniKey = protocol === "trojan" ? "sni" : "servername";
  if (sec === "none") {
    expect(p.tls).toBeUndefined();
  } else {
    expect(p.tls).toBe(true);
    expect(p[sniKey]).toBe(sec === "tls" ? TLS.sni : REALITY.sni);
    expect(p["client-fingerprint"]).toBe(sec === "tls" ? TLS.fp : REALITY.fp);
    ["tls", sniKey, "client-fingerprint"].forEach(used);
  }
  if (sec === "tls") {
    expect(p.alpn).toEqual(TLS.alpn);
    used("alpn");
  }
  if (sec === "reality") {
    expect(p["reality-opts"]).toEqual({ "public-key": REALITY.pbk, "short-id": REALITY.sid });
    used("reality-opts");
  }
  switch (net) {
    case "tcp":
      expect(p.network).toBe("tcp");
      break;
    case "tcp-http":
      expect(p.network).toBe("http");
      expect(p["http-opts"]).toEqual({ method: "GET", path: TCP_HTTP.paths, headers: { Host: TCP_HTTP.hosts } });
      used("http-opts");
      break;
    case "ws":
      expect(p.network).toBe("ws");
      expect(p["ws-opts"]).toEqual({ path: WS.path, headers: { Host: WS.host }, "max-early-data": WS.ed, "early-data-header-name": "Sec-WebSocket-Protocol" });
      used("ws-opts");
      break;
    case "httpupgrade":
      expect(p.network).toBe("ws");
      expect(p["ws-opts"]).toEqual({ path: HU.path, headers: { Host: HU.host }, "v2ray-http-upgrade": true });
      used("ws-opts");
      break;
    case "grpc":
      expect(p.network).toBe("grpc");
      expect(p["grpc-opts"]).toEqual({ "grpc-service-name": GRPC.serviceName });
      used("grpc-opts");
      break;
    case "xhttp":
      expect(p.network).toBe("xhttp");
      expect(p["xhttp-opts"]).toEqual({ path: XH.path, host: XH.host, mode: XH.mode });
      used("xhttp-opts");
      break;
  }
  used("network");
  // Nothing beyond what §8.1 lists for this combination (e.g. no sni on vless, no servername on trojan).
  expect([...keys]).toEqual([]);
}

describe.each(["mihomo", "stash"] as const)("Clash YAML, %s dialect", (dialect) => {
  const { out, doc } = render(allEndpoints(), dialect);

  it("is a complete rule-mode profile with the fixed skeleton", () => {
    expect(out.contentType).toBe("text/yaml; charset=utf-8");
    expect(out.extension).toBe("yaml");
    expect(doc["mixed-port"]).toBe(7890);
    expect(doc["allow-lan"]).toBe(false);
    expect(doc.mode).toBe("rule");
    expect(doc["log-level"]).toBe("info");
    expectLoadable(doc);
  });

  it("selects between Auto and every proxy, Auto tests every proxy, traffic ends at the select group", () => {
    const names = doc.proxies.map((p) => p.name);
    const [select, auto] = doc["proxy-groups"];
    expect(select).toEqual({ name: "Relay · Pro", type: "select", proxies: ["Auto", ...names] });
    expect(auto).toEqual({ name: "Auto", type: "url-test", proxies: names, url: "http://www.gstatic.com/generate_204", interval: 300 });
    expect(doc.rules).toContain("IP-CIDR,192.168.0.0/16,DIRECT,no-resolve");
    expect(doc.rules).toContain("IP-CIDR,10.0.0.0/8,DIRECT,no-resolve");
    expect(doc.rules.at(-1)).toBe("MATCH,Relay · Pro");
  });

  it("has no YAML anchors or aliases (some clients' readers choke on them)", () => {
    expect(out.body).not.toMatch(/[&*]a\d+/);
  });

  const combos = V2_PROTOCOLS.flatMap((p) => NETWORKS.flatMap((n) => SECURITIES.map((s) => [p, n, s] as const)));
  it.each(combos)("%s over %s with %s security", (protocol, net, sec) => {
    const ep = v2Endpoint(protocol, net, sec);
    const skip = expectedSkip(protocol, net, sec, dialect);
    const proxy = doc.proxies.find((p) => p.name === ep.name);
    const skipped = out.skipped.find((s) => s.name === ep.name);
    if (skip) {
      expect(proxy).toBeUndefined();
      expect(skipped?.reason).toMatch(skip);
    } else {
      expect(skipped).toBeUndefined();
      expect(proxy).toBeDefined();
      expectProxyMatches(proxy!, ep, protocol, net, sec);
    }
  });

  it("shadowsocks: AEAD and 2022 ciphers; a 2022 multi-user password is <server key>:<user key>", () => {
    const aead = doc.proxies.find((p) => p.name === "ss-aead");
    expect(aead).toEqual({ name: "ss-aead", server: SS_PLAIN.host, port: SS_PLAIN.port, udp: true, type: "ss", cipher: "aes-256-gcm", password: "ss-user-pass" });
    const ss2022 = doc.proxies.find((p) => p.name === "ss-2022");
    expect(ss2022?.cipher).toBe("2022-blake3-aes-128-gcm");
    expect(ss2022?.password).toBe(`${SS_2022.settings.password}:${SS_2022.credential}`);
  });

  it("hysteria2: credential key per dialect, sni, alpn, obfs", () => {
    const hy = doc.proxies.find((p) => p.name === "hy2")!;
    expect(hy.type).toBe("hysteria2");
    expect(hy.server).toBe(HY2.host);
    expect(hy.port).toBe(4443);
    if (dialect === "stash") {
      expect(hy.auth).toBe("hy-auth-1");
      expect(hy.password).toBeUndefined();
      expect(hy.ports).toBeUndefined();
    } else {
      expect(hy.password).toBe("hy-auth-1");
      expect(hy.auth).toBeUndefined();
      expect(hy.ports).toBe("20000-30000");
    }
    expect(hy.sni).toBe("hy.example.com");
    expect(hy.servername).toBeUndefined();
    expect(hy.alpn).toEqual(["h3"]);
    expect(hy["skip-cert-verify"]).toBe(true);
    expect(hy.obfs).toBe("salamander");
    expect(hy["obfs-password"]).toBe("obfs-pw");
    expect(hy["client-fingerprint"]).toBeUndefined();
  });

  it("an empty endpoint list is still a loadable profile (DIRECT in the select group)", () => {
    const { doc: empty, out: e } = render([], dialect);
    expect(empty.proxies).toEqual([]);
    expect(empty["proxy-groups"]).toEqual([{ name: "Relay · Pro", type: "select", proxies: ["DIRECT"] }]);
    expect(e.skipped).toEqual([]);
    expectLoadable(empty);
  });

  it("a profile whose only endpoints are all skipped is still loadable", () => {
    const { doc: d, out: o } = render([v2Endpoint("vless", "xhttp", "reality"), v2Endpoint("trojan", "ws", "none")], dialect);
    expect(o.skipped.length).toBe(dialect === "stash" ? 2 : 1);
    expectLoadable(d);
  });
});

describe("Clash YAML: names, quoting and odd input", () => {
  it("makes names unique, also against the group names and built-ins", () => {
    const eps = [
      endpoint("vless", { name: "Tokyo" }),
      endpoint("vless", { name: "Tokyo" }),
      endpoint("vless", { name: "Auto" }),
      endpoint("vless", { name: "My Site" }),
      endpoint("vless", { name: "DIRECT" }),
      endpoint("vless", { name: "" }),
    ];
    const { doc } = render(eps, "mihomo", "My Site");
    expect(doc.proxies.map((p) => p.name)).toEqual(["Tokyo", "Tokyo 2", "Auto 2", "My Site 2", "DIRECT 2", "vless node2.example.net:8443"]);
    expectLoadable(doc);
  });

  it("a title with commas or a built-in's name still gives a valid MATCH rule", () => {
    const a = render([endpoint("vmess")], "mihomo", "Acme, Inc.").doc;
    expect(a["proxy-groups"][0]!.name).toBe("Acme Inc.");
    expect(a.rules.at(-1)).toBe("MATCH,Acme Inc.");
    expectLoadable(a);
    for (const title of ["DIRECT", "Auto", "", "  "]) {
      const d = render([endpoint("vmess")], "mihomo", title).doc;
      expect(d["proxy-groups"][0]!.name).toBe("Proxy");
      expectLoadable(d);
    }
  });

  it("values YAML 1.1 would read as booleans, numbers or null stay strings; newlines cannot inject keys", () => {
    const tricky = ["yes", "no", "on", "off", "0123", "1:20", "null", "~", "1e5", "0x1f", "- item", "#x", 'a"b', "a: b"];
    const eps = tricky.map((pw, i) => endpoint("trojan", { name: pw, credential: pw, port: 1000 + i, streamSettings: { network: "tcp", security: "tls", tlsSettings: { serverName: "t.example.com" } } }));
    eps.push(endpoint("vmess", { name: "evil\nrules: []\nx", port: 2000 }));
    const { doc, out } = render(eps, "stash");
    for (const [i, pw] of tricky.entries()) {
      const p = doc.proxies[i]!;
      expect(p.password).toBe(pw);
      expect(p.name).toBe(pw);
    }
    expect(doc.proxies.at(-1)!.name).toBe("evil rules: [] x");
    expect(doc.rules.length).toBeGreaterThan(1);
    // 1.1 readers: nothing unquoted that 1.1 would type differently.
    expect(out.body).toMatch(/password: "yes"/);
    expect(out.body).toMatch(/password: "1:20"/);
    expectLoadable(doc);
  });

  it("vless with VLESS encryption: mihomo carries it, Stash skips it", () => {
    const ep = endpoint("vless", { name: "enc", settings: { encryption: "mlkem768x25519plus.native.0rtt.abc" } });
    expect(render([ep], "mihomo").doc.proxies[0]!.encryption).toBe("mlkem768x25519plus.native.0rtt.abc");
    const s = render([ep], "stash");
    expect(s.doc.proxies).toEqual([]);
    expect(s.out.skipped[0]!.reason).toMatch(/encryption/);
  });

  it("mKCP and unknown transports are skipped with a reason, not emitted broken", () => {
    const kcp = endpoint("vmess", { name: "kcp", streamSettings: { network: "kcp", security: "none", kcpSettings: { seed: "s" } } });
    for (const dialect of ["mihomo", "stash"] as const) {
      const { doc, out } = render([kcp], dialect);
      expect(doc.proxies).toEqual([]);
      expect(out.skipped).toEqual([{ name: "kcp", reason: expect.stringMatching(/kcp/) }]);
    }
  });

  it("shadowsocks over a transport or TLS is skipped; so is an endpoint without an address", () => {
    const ssWs = endpoint("shadowsocks", { name: "ss-ws", settings: { method: "aes-128-gcm" }, streamSettings: { network: "ws", security: "none", wsSettings: { path: "/" } } });
    const noHost = endpoint("vmess", { name: "nohost", host: "" });
    const { doc, out } = render([ssWs, noHost], "mihomo");
    expect(doc.proxies).toEqual([]);
    expect(out.skipped.map((s) => s.name)).toEqual(["ss-ws", "nohost"]);
  });

  it("REALITY without a fingerprint gets chrome (mihomo needs a uTLS hello); ws path keeps other query parameters", () => {
    const ep = v2Endpoint("vless", "tcp", "reality");
    (ep.streamSettings.realitySettings as { settings: Record<string, unknown> }).settings.fingerprint = "";
    expect(render([ep], "mihomo").doc.proxies[0]!["client-fingerprint"]).toBe("chrome");
    const ws = v2Endpoint("vmess", "ws", "tls");
    (ws.streamSettings.wsSettings as Record<string, unknown>).path = "/p?x=1&ed=1024";
    expect(render([ws], "mihomo").doc.proxies[0]!["ws-opts"]).toMatchObject({ path: "/p?x=1", "max-early-data": 1024 });
  });
});
