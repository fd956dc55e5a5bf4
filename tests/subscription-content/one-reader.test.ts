// Issue 26 item 7: one reader of stream settings for every format. The same inbound means the same
// thing in share links, Clash, Stash, sing-box and the v2ray JSON: an unknown security is left out
// of all of them (links used to send it as plain "none", Clash skipped it) and counted, Xray's
// renamed transports read as their old names, the Host header is found whatever its case, and a
// hysteria2 inbound's TLS is read whatever its security field says.
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { metrics } from "../../src/server/metrics/registry";
import { renderCounted, renderDocument } from "../../src/server/services/subscription-content/render";
import type { ContentFormat, ProxyEndpoint } from "../../src/server/services/subscription-content/types";
import { endpoint, UUID } from "./document-fixtures";

const FORMATS: ContentFormat[] = ["base64", "plain", "clash", "stash", "sing-box", "v2ray-json"];

type Doc = { names: string[]; entries: Record<string, unknown>[]; skipped: { name: string; reason: string }[] };

/** What each format's document holds, parsed as its clients would: names and entries of its proxies. */
function read(format: ContentFormat, eps: ProxyEndpoint[]): Doc {
  const doc = renderDocument(format, eps, "Test");
  switch (format) {
    case "base64":
    case "plain": {
      const text = format === "base64" ? Buffer.from(doc.body, "base64").toString("utf8") : doc.body;
      const links = text.split("\n").filter(Boolean);
      const entries = links.map(linkFields);
      return { names: entries.map((e) => String(e.name)), entries, skipped: doc.skipped };
    }
    case "clash":
    case "stash": {
      const proxies = (parseYaml(doc.body) as { proxies: Record<string, unknown>[] }).proxies;
      return { names: proxies.map((p) => String(p.name)), entries: proxies, skipped: doc.skipped };
    }
    case "sing-box": {
      const outbounds = (JSON.parse(doc.body) as { outbounds: Record<string, unknown>[] }).outbounds.filter((o) => !["selector", "urltest", "direct"].includes(String(o.type)));
      return { names: outbounds.map((o) => String(o.tag)), entries: outbounds, skipped: doc.skipped };
    }
    case "v2ray-json": {
      const outbounds = (JSON.parse(doc.body) as { outbounds: Record<string, unknown>[] }).outbounds.filter((o) => String(o.tag).startsWith("proxy"));
      return { names: outbounds.map((o) => String(o.tag)), entries: outbounds, skipped: doc.skipped };
    }
  }
}

/** A share link's fields: vmess's JSON, or the URL's query and fragment for the others. */
function linkFields(link: string): Record<string, unknown> {
  if (link.startsWith("vmess://")) {
    const o = JSON.parse(Buffer.from(link.slice(8), "base64").toString("utf8")) as Record<string, unknown>;
    return { ...o, name: o.ps, scheme: "vmess" };
  }
  const url = new URL(link);
  return { ...Object.fromEntries(url.searchParams), name: decodeURIComponent(url.hash.slice(1)), scheme: url.protocol.slice(0, -1) };
}

const plain = endpoint("vless", { name: "plain-tcp" });
const oddSecurity = endpoint("vless", {
  name: "odd-security",
  streamSettings: { network: "tcp", security: "xtls", xtlsSettings: { serverName: "x.example.com" }, tcpSettings: { header: { type: "none" } } },
});

describe("one stream reader for every format", () => {
  it("leaves an unknown security out of every format with the same reason, and keeps the rest", () => {
    for (const format of FORMATS) {
      const doc = read(format, [plain, oddSecurity]);
      expect(doc.entries, format).toHaveLength(1);
      expect(doc.skipped, format).toEqual([{ name: "odd-security", reason: 'unknown security "xtls"' }]);
    }
  });

  it("counts what a render left out, by format and cause", () => {
    const counter = metrics().subscriptionSkippedEndpoints;
    const value = async (format: string, cause: string) => (await counter.get()).values.find((v) => v.labels.format === format && v.labels.cause === cause)?.value ?? 0;
    return (async () => {
      const before = { unreadable: await value("sing-box", "unreadable"), format: await value("sing-box", "format") };
      const xhttp = endpoint("vless", { name: "xhttp", streamSettings: { network: "xhttp", security: "none", xhttpSettings: { path: "/x" } } });
      renderCounted("sing-box", [plain, oddSecurity, xhttp], "Test");
      expect(await value("sing-box", "unreadable")).toBe(before.unreadable + 1);
      expect(await value("sing-box", "format")).toBe(before.format + 1); // sing-box has no XHTTP
    })();
  });

  it("reads Xray's renamed transports (raw, splithttp) as tcp and xhttp everywhere", () => {
    const raw = endpoint("vless", { name: "raw", streamSettings: { network: "raw", security: "none", rawSettings: { header: { type: "none" } } } });
    const split = endpoint("vless", { name: "split", streamSettings: { network: "splithttp", security: "none", splithttpSettings: { path: "/sp", host: "sp.example.com" } } });
    const links = read("plain", [raw, split]).entries;
    expect(links.map((l) => l.type)).toEqual(["tcp", "xhttp"]);
    expect(links[1]).toMatchObject({ path: "/sp", host: "sp.example.com" });
    const clash = read("clash", [raw, split]).entries;
    expect(clash.map((p) => p.network)).toEqual(["tcp", "xhttp"]);
    expect(clash[1]!["xhttp-opts"]).toMatchObject({ path: "/sp", host: "sp.example.com" });
    const v2 = read("v2ray-json", [raw, split]).entries.map((o) => o.streamSettings as Record<string, unknown>);
    expect(v2.map((s) => s.network)).toEqual(["tcp", "xhttp"]);
    expect(v2[1]!.xhttpSettings).toMatchObject({ path: "/sp", host: "sp.example.com" });
  });

  it("finds a ws Host header whatever its case, in every format that carries ws", () => {
    const ws = endpoint("vmess", { name: "ws-upper", streamSettings: { network: "ws", security: "none", wsSettings: { path: "/w", headers: { HOST: "up.example.com" } } } });
    expect(read("plain", [ws]).entries[0]).toMatchObject({ net: "ws", host: "up.example.com", path: "/w" });
    expect(read("clash", [ws]).entries[0]!["ws-opts"]).toEqual({ path: "/w", headers: { Host: "up.example.com" } });
    expect(read("stash", [ws]).entries[0]!["ws-opts"]).toEqual({ path: "/w", headers: { Host: "up.example.com" } });
    expect(read("sing-box", [ws]).entries[0]!.transport).toEqual({ type: "ws", path: "/w", headers: { Host: "up.example.com" } });
    expect((read("v2ray-json", [ws]).entries[0]!.streamSettings as Record<string, unknown>).wsSettings).toEqual({ path: "/w", headers: { Host: "up.example.com" } });
  });

  it("reads a hysteria2 inbound's TLS whatever its security field says (QUIC always carries TLS)", () => {
    const hy = endpoint("hysteria2", {
      name: "hy2",
      credential: UUID,
      streamSettings: { network: "hysteria", security: "", tlsSettings: { serverName: "hy.example.com", alpn: ["h3"] } },
    });
    expect(read("plain", [hy]).entries[0]).toMatchObject({ scheme: "hysteria2", sni: "hy.example.com", alpn: "h3", security: "tls" });
    expect(read("clash", [hy]).entries[0]).toMatchObject({ type: "hysteria2", sni: "hy.example.com", alpn: ["h3"] });
    expect(read("sing-box", [hy]).entries[0]).toMatchObject({ type: "hysteria2", tls: { enabled: true, server_name: "hy.example.com", alpn: ["h3"] } });
  });

  it("passes the panel's fingerprint to links and the JSON config, and only a known uTLS name to Clash and sing-box", () => {
    const odd = endpoint("vless", {
      name: "odd-fp",
      streamSettings: { network: "tcp", security: "tls", tlsSettings: { serverName: "fp.example.com", settings: { fingerprint: "HelloChrome_Auto" } }, tcpSettings: { header: { type: "none" } } },
    });
    expect(read("plain", [odd]).entries[0]!.fp).toBe("HelloChrome_Auto");
    expect(read("clash", [odd]).entries[0]!["client-fingerprint"]).toBeUndefined();
    expect((read("sing-box", [odd]).entries[0]!.tls as Record<string, unknown>).utls).toBeUndefined();
    const known = endpoint("vless", { ...odd, name: "fp", streamSettings: { ...odd.streamSettings, tlsSettings: { serverName: "fp.example.com", settings: { fingerprint: "Firefox" } } } });
    expect(read("clash", [known]).entries[0]!["client-fingerprint"]).toBe("firefox");
  });
});
