// Issue 26 item 1, the last five formats: Surge, Surfboard, Quantumult X, Loon and Shadowrocket,
// parsed back by small parsers written here from protocols.md §9.1-9.5 (not from the renderers), over
// every protocol x transport x security combination of the fixtures and Hysteria 2, with each
// client's "cannot carry" rules written out here too.
import { describe, expect, it } from "vitest";
import { endpointsFor } from "../../src/server/services/subscription-content/endpoints";
import { documentLoon } from "../../src/server/services/subscription-content/loon";
import { documentQuantumultX } from "../../src/server/services/subscription-content/quantumult-x";
import { documentShadowrocket, withShadowrocketStatus } from "../../src/server/services/subscription-content/shadowrocket";
import { documentSurge, withManagedConfig } from "../../src/server/services/subscription-content/surge";
import type { ProxyEndpoint, RenderedContent } from "../../src/server/services/subscription-content/types";
import { combinations, HY2_AUTH, inputFor, REALITY_PUB, SS2022_CLIENT, SS2022_SERVER, type ProtocolCase, type SecurityCase, type TransportCase } from "./link-fixtures";

type Case = { p: ProtocolCase; t: TransportCase; s: SecurityCase; eps: ProxyEndpoint[] };
const ALL: Case[] = combinations().map(({ p, t, s }) => ({ p, t, s, eps: endpointsFor(inputFor(p, t, s)) }));

const HY2: ProxyEndpoint = {
  name: "Tokyo 1 · hy2",
  protocol: "hysteria2",
  host: "edge.example.com",
  port: 8443,
  credential: HY2_AUTH,
  flow: "",
  settings: { version: 2 },
  streamSettings: {
    network: "hysteria",
    security: "tls",
    tlsSettings: { serverName: "hy.example.com", alpn: ["h3"], settings: { allowInsecure: false } },
    finalmask: { udp: [{ type: "salamander", settings: { password: "obfs-pw" } }], quicParams: { udpHop: { ports: "20000-30000,443" } } },
  },
};

const isWs = (t: TransportCase) => t.name.startsWith("ws");
const isTls = (s: SecurityCase) => s.name.startsWith("tls");
const wsHost = (t: TransportCase) => t.params.host!;
const wsPath = (t: TransportCase) => t.params.path!.replace(/\?ed=\d+$/, "");

// ---------- Surge and Surfboard (§9.1, §9.2) ----------

/** `[Section]` -> its lines, comments and blanks dropped; a leading `#!MANAGED-CONFIG` line kept apart. */
function parseSurgeProfile(text: string): { managed: string | null; sections: Map<string, string[]>; comments: string[] } {
  const lines = text.split("\n");
  const managed = lines[0]!.startsWith("#!MANAGED-CONFIG ") ? lines[0]! : null;
  const sections = new Map<string, string[]>();
  const comments: string[] = [];
  let current = "";
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith("#")) {
      if (!line.startsWith("#!")) comments.push(line);
      continue;
    }
    if (!line) continue;
    const head = /^\[(.+)\]$/.exec(line);
    if (head) sections.set((current = head[1]!), []);
    else sections.get(current)!.push(line);
  }
  return { managed, sections, comments };
}

/** `Name = type, host, port, k=v, ...`: a value may be double-quoted (then it may hold commas). */
function parseSurgeProxy(line: string): { name: string; type: string; host: string; port: number; params: Record<string, string> } {
  const eq = line.indexOf(" = ");
  const name = line.slice(0, eq);
  const fields: string[] = [];
  let cur = "";
  let quoted = false;
  for (const ch of line.slice(eq + 3)) {
    if (ch === '"') quoted = !quoted;
    else if (ch === "," && !quoted) {
      fields.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  fields.push(cur.trim());
  const [type, host, port, ...rest] = fields;
  const params = Object.fromEntries(rest.map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]));
  return { name, type: type!, host: host!, port: Number(port), params };
}

function surgeCanCarry({ p, t, s }: Case): boolean {
  if (p.protocol === "vless") return false; // Surge: iOS 6 / Mac 6.12 only (not the conservative set); Surfboard: never
  if (s.name === "reality") return false;
  if (p.protocol === "shadowsocks") return t.name === "tcp" && s.name === "none"; // all three fixture ciphers are in Surge's list
  if (t.name !== "tcp" && !isWs(t)) return false; // TCP and WebSocket only
  if (p.protocol === "trojan") return isTls(s);
  return true;
}

describe.each(["surge", "surfboard"] as const)("%s profile", (dialect) => {
  for (const c of ALL) {
    const carried = surgeCanCarry(c);
    it(`${c.p.name} / ${c.t.name} / ${c.s.name}: ${carried ? "carried" : "left out"}`, () => {
      const doc = documentSurge(c.eps, { dialect, title: "Airport, Pro" });
      const profile = parseSurgeProfile(doc.body);
      const proxies = profile.sections.get("Proxy")!;
      if (!carried) {
        expect(proxies).toEqual([]);
        expect(doc.entries).toBe(0);
        expect(profile.comments[0]).toBe(`# 1 of 1 servers left out: ${dialect === "surge" ? "Surge" : "Surfboard"} cannot carry them.`);
        return;
      }
      expect(proxies).toHaveLength(1);
      const px = parseSurgeProxy(proxies[0]!);
      expect(px).toMatchObject({ host: "edge.example.com", port: 443 });
      expect(px.name).not.toMatch(/[=,]/);
      if (c.p.protocol === "shadowsocks") {
        const ss2022 = c.p.name === "ss 2022";
        expect(px).toMatchObject({ type: "ss", params: { "encrypt-method": c.p.settings.method, password: ss2022 ? `${SS2022_SERVER}:${SS2022_CLIENT}` : c.p.credential } });
      } else {
        expect(px.type).toBe(c.p.protocol);
        expect(px.params[c.p.protocol === "vmess" ? "username" : "password"]).toBe(c.p.credential);
        if (c.p.protocol === "vmess") {
          expect(px.params["vmess-aead"]).toBe("true");
          expect(px.params.tls === "true").toBe(isTls(c.s));
        }
        if (isTls(c.s)) expect(px.params.sni).toBe("tls.example.com");
        expect(px.params["skip-cert-verify"] === "true").toBe(c.s.name === "tls allowInsecure");
        if (isWs(c.t)) expect(px.params).toMatchObject({ ws: "true", "ws-path": wsPath(c.t), "ws-headers": `Host:${wsHost(c.t)}` });
        else expect(px.params).not.toHaveProperty("ws");
      }
      // The groups hold the proxy; the last rule sends everything else to the select group.
      const groups = profile.sections.get("Proxy Group")!;
      expect(groups[0]).toBe(`Airport Pro = select, Auto, ${px.name}`);
      expect(groups[1]!.startsWith(`Auto = url-test, ${px.name}`)).toBe(true);
      if (dialect === "surfboard") expect(groups[1]).toContain("url=http://www.gstatic.com/generate_204");
      expect(profile.sections.get("Rule")!.at(-1)).toBe("FINAL,Airport Pro");
    });
  }

  it("Hysteria 2 with its SNI, salamander password and port hopping in Surge's form", () => {
    const doc = documentSurge([HY2], { dialect, title: "T" });
    const px = parseSurgeProxy(parseSurgeProfile(doc.body).sections.get("Proxy")![0]!);
    expect(px).toMatchObject({ type: "hysteria2", host: "edge.example.com", port: 8443, params: { password: HY2_AUTH, sni: "hy.example.com", "salamander-password": "obfs-pw", "port-hopping": "20000-30000;443" } });
  });

  it("the managed line is line 1 with the fetched URL and an interval of at least 900 s", () => {
    const doc = documentSurge(ALL.flatMap((c) => c.eps), { dialect, title: "T" });
    const served = withManagedConfig(doc.body, "https://sub.example.com/api/subscription/x?token=t&format=surge", 43_200);
    expect(parseSurgeProfile(served).managed).toBe("#!MANAGED-CONFIG https://sub.example.com/api/subscription/x?token=t&format=surge interval=43200 strict=false");
    expect(withManagedConfig("", "u", 60).split("\n")[0]).toBe("#!MANAGED-CONFIG u interval=900 strict=false");
  });

  it("a value holding a comma leaves the server out instead of splitting the line", () => {
    const c = ALL.find((x) => x.p.protocol === "vmess" && x.t.name === "ws (host field)" && x.s.name === "none")!;
    const ep = { ...c.eps[0]!, streamSettings: { ...c.eps[0]!.streamSettings, wsSettings: { path: "/a,b", host: "h" } } };
    const doc = documentSurge([ep], { dialect, title: "T" });
    expect(doc.entries).toBe(0);
    expect(doc.skipped[0]!.reason).toMatch(/comma/);
  });
});

// ---------- Quantumult X (§9.3) ----------

/** `type=host:port, k=v, ..., tag=name`. */
function parseQx(line: string): { type: string; host: string; port: number; params: Record<string, string> } {
  const parts = line.split(", ");
  const [type, at] = [parts[0]!.slice(0, parts[0]!.indexOf("=")), parts[0]!.slice(parts[0]!.indexOf("=") + 1)];
  const colon = at.lastIndexOf(":");
  const params = Object.fromEntries(parts.slice(1).map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]));
  return { type, host: at.slice(0, colon).replace(/^\[|\]$/g, ""), port: Number(at.slice(colon + 1)), params };
}

function qxCanCarry({ p, t, s }: Case): boolean {
  if (p.protocol === "shadowsocks") return t.name === "tcp" && s.name === "none" && !String(p.settings.method).startsWith("2022-");
  if (t.name !== "tcp" && !isWs(t)) return false;
  if (s.name === "reality") return p.protocol === "vless" && t.name === "tcp";
  if (p.protocol === "trojan" && !isTls(s)) return false;
  // wss has one obfs-host for SNI and Host: the fixtures' TLS name differs from every ws Host.
  if (isWs(t) && isTls(s)) return false;
  return true;
}

describe("quantumult-x server lines", () => {
  for (const c of ALL) {
    const carried = qxCanCarry(c);
    it(`${c.p.name} / ${c.t.name} / ${c.s.name}: ${carried ? "carried" : "left out"}`, () => {
      const doc = documentQuantumultX(c.eps);
      if (!carried) {
        expect(doc.body).toBe("");
        expect(doc.skipped).toHaveLength(1);
        return;
      }
      const lines = doc.body.split("\n");
      expect(lines).toHaveLength(1);
      const qx = parseQx(lines[0]!);
      expect(qx).toMatchObject({ type: c.p.protocol, host: "edge.example.com", port: 443 });
      expect(qx.params.tag).toBe(c.eps[0]!.name);
      expect(qx.params.password).toBe(c.p.protocol === "shadowsocks" ? c.p.credential : c.p.credential);
      if (c.p.protocol === "vless") expect(qx.params.method).toBe("none");
      if (c.p.protocol === "trojan") expect(qx.params).toMatchObject({ "over-tls": "true", "tls-host": "tls.example.com", "tls-verification": String(c.s.name !== "tls allowInsecure") });
      if ((c.p.protocol === "vmess" || c.p.protocol === "vless") && c.t.name === "tcp") {
        if (c.s.name === "none") expect(qx.params).not.toHaveProperty("obfs");
        else expect(qx.params).toMatchObject({ obfs: "over-tls", "obfs-host": c.s.name === "reality" ? "www.apple.com" : "tls.example.com" });
      }
      if (isWs(c.t)) expect(qx.params).toMatchObject({ obfs: "ws", "obfs-host": wsHost(c.t), "obfs-uri": wsPath(c.t) });
      if (c.s.name === "reality") expect(qx.params).toMatchObject({ "reality-base64-pubkey": REALITY_PUB, "reality-hex-shortid": "6ba85179e30d4fc2", "vless-flow": "xtls-rprx-vision" });
    });
  }

  it("Hysteria 2 is left out", () => {
    expect(documentQuantumultX([HY2])).toMatchObject({ entries: 0, skipped: [{ reason: "Quantumult X has no Hysteria 2" }] });
  });
});

// ---------- Loon (§9.4) ----------

/** `Name = Type,host,port,<positional>...,k=v`; double quotes around a value are dropped. */
function parseLoon(line: string): { name: string; type: string; host: string; port: number; positional: string[]; params: Record<string, string> } {
  const eq = line.indexOf(" = ");
  const [type, host, port, ...rest] = line.slice(eq + 3).split(",");
  const unq = (v: string) => v.replace(/^"(.*)"$/, "$1");
  const positional = rest.filter((f) => !/^[\w-]+=/.test(f)).map(unq);
  const params = Object.fromEntries(rest.filter((f) => /^[\w-]+=/.test(f)).map((kv) => [kv.slice(0, kv.indexOf("=")), unq(kv.slice(kv.indexOf("=") + 1))]));
  return { name: line.slice(0, eq), type: type!, host: host!, port: Number(port), positional, params };
}

function loonCanCarry({ p, t, s }: Case): boolean {
  if (p.protocol === "shadowsocks") return t.name === "tcp" && s.name === "none"; // AEAD and AES 2022 both read
  if (!["tcp", "tcp+http"].includes(t.name) && !isWs(t)) return false; // tcp, http, ws
  if (s.name === "reality") return p.protocol === "vless" && t.name === "tcp";
  if (p.protocol === "trojan") return isTls(s) && t.name !== "tcp+http";
  return true;
}

describe("loon node lines", () => {
  for (const c of ALL) {
    const carried = loonCanCarry(c);
    it(`${c.p.name} / ${c.t.name} / ${c.s.name}: ${carried ? "carried" : "left out"}`, () => {
      const doc = documentLoon(c.eps);
      if (!carried) {
        expect(doc.body).toBe("");
        expect(doc.skipped).toHaveLength(1);
        return;
      }
      const n = parseLoon(doc.body);
      expect(n).toMatchObject({ host: "edge.example.com", port: 443 });
      expect(n.type.toLowerCase()).toBe(c.p.protocol);
      if (c.p.protocol === "shadowsocks") {
        const ss2022 = c.p.name === "ss 2022";
        expect(n.positional).toEqual([String(c.p.settings.method), ss2022 ? `${SS2022_SERVER}:${SS2022_CLIENT}` : c.p.credential]);
        return;
      }
      expect(n.positional.at(-1)).toBe(c.p.credential);
      expect(n.params.transport).toBe(c.t.name === "tcp" ? "tcp" : c.t.name === "tcp+http" ? "http" : "ws");
      if (c.t.name === "tcp+http") expect(n.params).toMatchObject({ path: "/video/a", host: "cdn.example.com" });
      if (isWs(c.t)) expect(n.params).toMatchObject({ path: wsPath(c.t), host: wsHost(c.t) });
      if (isTls(c.s)) expect(n.params.sni).toBe("tls.example.com");
      if (isTls(c.s) && c.p.protocol !== "trojan") expect(n.params["over-tls"]).toBe("true");
      if (c.s.name === "none") expect(n.params).not.toHaveProperty("over-tls");
      if (c.s.name === "reality") expect(n.params).toMatchObject({ "public-key": REALITY_PUB, "short-id": "6ba85179e30d4fc2", sni: "www.apple.com", flow: "xtls-rprx-vision" });
      expect(n.params["skip-cert-verify"] === "true").toBe(c.s.name === "tls allowInsecure");
    });
  }

  it("Hysteria 2 with its SNI and salamander password", () => {
    const n = parseLoon(documentLoon([HY2]).body);
    expect(n).toMatchObject({ type: "Hysteria2", port: 8443, positional: [HY2_AUTH], params: { sni: "hy.example.com", "salamander-password": "obfs-pw", udp: "true" } });
  });
});

// ---------- Shadowrocket (§9.5) ----------

describe("shadowrocket", () => {
  const eps = [...ALL.flatMap((c) => c.eps), HY2];
  const served = (doc: RenderedContent) =>
    Buffer.from(withShadowrocketStatus(doc.body, { upload: 1.5 * 1024 ** 3, download: 3 * 1024 ** 3, total: 100 * 1024 ** 3, expireAt: new Date("2026-12-31T20:00:00Z") }), "base64").toString("utf8").split("\n");

  it("base64 of a STATUS line, then one link per server: every combination is carried", () => {
    const lines = served(documentShadowrocket(eps));
    // 20:00 UTC on the 31st is already January 1st in the site's time zone.
    expect(lines[0]).toBe("STATUS=🚀↑:1.5 GB,↓:3 GB,TOT:100 GB💡Expires:2027-01-01");
    expect(lines.slice(1)).toHaveLength(eps.length);
    for (const link of lines.slice(1)) expect(link).toMatch(/^(vmess|vless|trojan|ss|hysteria2):\/\//);
  });

  it("trojan and Hysteria 2 links carry the TLS name as peer, and Hysteria 2 its hopping ports as mport", () => {
    const lines = served(documentShadowrocket(eps)).slice(1);
    const hy2 = new URL(lines.at(-1)!);
    expect(hy2.searchParams.get("peer")).toBe("hy.example.com");
    expect(hy2.searchParams.get("mport")).toBe("20000-30000,443");
    expect(hy2.searchParams.get("obfs-password")).toBe("obfs-pw");
    expect(decodeURIComponent(hy2.hash.slice(1))).toBe(HY2.name);
    const trojanTls = lines.map((l) => new URL(l)).find((u) => u.protocol === "trojan:" && u.searchParams.get("security") === "tls")!;
    expect(trojanTls.searchParams.get("peer")).toBe(trojanTls.searchParams.get("sni"));
  });

  it("an unlimited plan says ∞ and no expiry says -", () => {
    expect(Buffer.from(withShadowrocketStatus("", { upload: 0, download: 0, total: 0, expireAt: null }), "base64").toString("utf8")).toBe("STATUS=🚀↑:0 B,↓:0 B,TOT:∞💡Expires:-\n");
  });
});
