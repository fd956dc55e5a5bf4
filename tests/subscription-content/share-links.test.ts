// Share links parsed back by independent parsers (WHATWG URL, Buffer base64, JSON.parse) and compared
// with the inbound they came from, for every protocol x transport x security combination 3x-ui
// writes, plus exact strings where Go's encoding rules matter (sorted keys, %2F, the fragment).
import { describe, expect, it } from "vitest";
import { endpointsFor, uniqueNames } from "../../src/server/services/subscription-content/endpoints";
import { documentBase64, documentPlain, shareLink } from "../../src/server/services/subscription-content/share-links";
import type { ProxyEndpoint } from "../../src/server/services/subscription-content/types";
import { combinations, HY2_AUTH, inputFor, PROTOCOLS, REALITY_PUB, SECURITIES, SS2022_CLIENT, SS2022_SERVER, TRANSPORTS, UUID } from "./link-fixtures";

const one = (input: Parameters<typeof endpointsFor>[0]): ProxyEndpoint => {
  const eps = endpointsFor(input);
  expect(eps).toHaveLength(1);
  return eps[0] as ProxyEndpoint;
};

interface ParsedUrlLink {
  scheme: string;
  user: string;
  host: string;
  port: number;
  params: Record<string, string>;
  rawQuery: string;
  remark: string;
}

function parseUrlLink(link: string): ParsedUrlLink {
  const u = new URL(link);
  const params: Record<string, string> = {};
  for (const [k, v] of u.searchParams) {
    expect(params[k], `duplicate key ${k}`).toBeUndefined();
    params[k] = v;
  }
  return {
    scheme: u.protocol.replace(/:$/, ""),
    user: decodeURIComponent(u.username),
    host: u.hostname.replace(/^\[|\]$/g, ""),
    port: Number(u.port),
    params,
    rawQuery: u.search.slice(1),
    remark: decodeURIComponent(u.hash.slice(1)),
  };
}

function parseVmess(link: string): Record<string, unknown> {
  expect(link.startsWith("vmess://")).toBe(true);
  const b64 = link.slice("vmess://".length);
  // StdEncoding, padded: re-encoding the decoded bytes gives the same text.
  const text = Buffer.from(b64, "base64").toString("utf8");
  expect(Buffer.from(text, "utf8").toString("base64")).toBe(b64);
  return JSON.parse(text) as Record<string, unknown>;
}

describe("share links for every protocol x transport x security", () => {
  const cases = combinations();

  it("covers the whole matrix", () => {
    // 6 protocols x 9 transports x 3 non-reality securities, plus reality for vless and trojan.
    expect(cases).toHaveLength(PROTOCOLS.length * TRANSPORTS.length * 3 + 2 * TRANSPORTS.length);
  });

  for (const { p, t, s } of cases) {
    it(`${p.name} / ${t.name} / ${s.name}`, () => {
      const input = inputFor(p, t, s);
      const ep = one(input);
      const link = shareLink(ep);
      const name = `Tokyo 1 · ${input.inbound.remark}`;

      if (p.protocol === "vmess") {
        const o = parseVmess(link);
        const expected: Record<string, unknown> = { v: "2", ps: name, add: "edge.example.com", port: 443, id: UUID, scy: "auto", ...t.vmess, ...s.vmess };
        expect(o).toEqual(expected);
        expect(typeof o.port).toBe("number");
        expect(o).not.toHaveProperty("aid");
        // Go's json.MarshalIndent of a map: keys sorted, two-space indent.
        const text = Buffer.from(link.slice(8), "base64").toString("utf8");
        expect(text).toBe(JSON.stringify(Object.fromEntries(Object.keys(expected).sort().map((k) => [k, expected[k]])), null, 2));
        return;
      }

      const parsed = parseUrlLink(link);
      expect(parsed.host).toBe("edge.example.com");
      expect(parsed.port).toBe(443);
      expect(parsed.remark).toBe(name);
      const expected: Record<string, string> = { ...t.params };
      if (p.protocol === "shadowsocks") {
        expect(parsed.scheme).toBe("ss");
        const method = String(p.settings.method);
        const key = method.startsWith("2022-") ? `${SS2022_SERVER}:${SS2022_CLIENT}` : p.credential;
        expect(Buffer.from(parsed.user, "base64").toString("utf8")).toBe(`${method}:${key}`);
        // 3x-ui's shadowsocks links carry tls parameters but never reality.
        Object.assign(expected, s.params);
      } else {
        expect(parsed.scheme).toBe(p.protocol);
        expect(parsed.user).toBe(p.credential);
        if (p.protocol === "vless") expected.encryption = "none";
        Object.assign(expected, s.params);
        if (p.protocol === "vless" && t.stream.network === "tcp" && s.name !== "none") expected.flow = "xtls-rprx-vision";
      }
      expect(parsed.params).toEqual(expected);
      // url.Values.Encode: keys in sorted order, "/" as %2F, space as "+".
      const keys = parsed.rawQuery.split("&").map((kv) => kv.split("=")[0]);
      expect(keys).toEqual([...keys].sort());
      expect(parsed.rawQuery).not.toMatch(/[/ ,]/);
    });
  }
});

describe("exact strings", () => {
  it("vless reality on tcp: first serverName and shortId, the inbound's spiderX, deterministic", () => {
    const p = PROTOCOLS.find((x) => x.name === "vless")!;
    const input = inputFor(p, TRANSPORTS[0]!, SECURITIES.find((x) => x.name === "reality")!);
    input.inbound.remark = "in";
    input.nodeName = "";
    const link = shareLink(one(input));
    expect(link).toBe(
      `vless://${UUID}@edge.example.com:443?encryption=none&flow=xtls-rprx-vision&fp=firefox&pbk=${REALITY_PUB}&security=reality&sid=6ba85179e30d4fc2&sni=www.apple.com&spx=%2Fs&type=tcp#in`,
    );
    expect(shareLink(one(input))).toBe(link);
  });

  it("escapes the remark as Go escapes a fragment and the ws path as a query value", () => {
    const p = PROTOCOLS.find((x) => x.name === "trojan")!;
    const input = inputFor(p, TRANSPORTS.find((x) => x.name === "ws (host field)")!, SECURITIES[0]!);
    input.inbound.displayName = "香港 #1 (fast)/50%";
    const link = shareLink(one(input));
    expect(link).toBe(
      "trojan://tr0jan-Pass+%2F=word@edge.example.com:443?host=wh.example.com&path=%2F%E8%B7%AF%E5%BE%84+x&security=none&type=ws" +
        "#Tokyo%201%20%C2%B7%20%E9%A6%99%E6%B8%AF%20%231%20(fast)/50%25",
    );
    expect(parseUrlLink(link).remark).toBe("Tokyo 1 · 香港 #1 (fast)/50%");
  });

  it("puts an IPv6 listen address in brackets in URL links and bare in vmess", () => {
    const t = TRANSPORTS[0]!;
    const s = SECURITIES[0]!;
    const vless = shareLink(one(inputFor(PROTOCOLS[0]!, t, s, { listen: "2001:db8::7" })));
    expect(new URL(vless).hostname).toBe("[2001:db8::7]");
    const vmess = parseVmess(shareLink(one(inputFor(PROTOCOLS[1]!, t, s, { listen: "2001:db8::7" }))));
    expect(vmess.add).toBe("2001:db8::7");
  });

  it("writes flow only for tcp with tls or reality, even when the client carries one", () => {
    const vless = PROTOCOLS[0]!;
    const flowOf = (t: string, s: string) => {
      const input = inputFor(vless, TRANSPORTS.find((x) => x.name === t)!, SECURITIES.find((x) => x.name === s)!);
      input.client.flow = "xtls-rprx-vision";
      return new URL(shareLink(one(input))).searchParams.get("flow");
    };
    expect(flowOf("tcp", "tls")).toBe("xtls-rprx-vision");
    expect(flowOf("tcp", "reality")).toBe("xtls-rprx-vision");
    expect(flowOf("tcp", "none")).toBeNull();
    expect(flowOf("ws (Host header)", "tls")).toBeNull();
    expect(flowOf("grpc", "reality")).toBeNull();
  });

  it("takes vless encryption from the inbound settings", () => {
    const p = { ...PROTOCOLS[0]!, settings: { decryption: "mlkem768x25519plus.native.600s.x", encryption: "mlkem768x25519plus.native.0rtt.y", fallbacks: [] } };
    const link = shareLink(one(inputFor(p, TRANSPORTS[0]!, SECURITIES[0]!)));
    expect(new URL(link).searchParams.get("encryption")).toBe("mlkem768x25519plus.native.0rtt.y");
  });
});

describe("hysteria2", () => {
  const input = (stream: Record<string, unknown>, protocol = "hysteria2", settings: Record<string, unknown> = { version: 2 }) => ({
    inbound: { protocol, port: 8443, listen: "", remark: "hy", displayName: null, settings, streamSettings: stream },
    client: { email: "e", credential: HY2_AUTH, flow: "" },
    nodeHost: "hy.example.com",
    nodeName: "N",
  });
  const stream = {
    network: "hysteria",
    security: "tls",
    tlsSettings: { serverName: "hy.example.com", alpn: ["h3"], settings: { allowInsecure: true, fingerprint: "" } },
    finalmask: { udp: [{ type: "salamander", settings: { password: "obfs-pw" } }] },
  };

  it("writes auth, tls, insecure=1 and the salamander pair", () => {
    const link = shareLink(one(input(stream)));
    const p = parseUrlLink(link);
    expect(p.scheme).toBe("hysteria2");
    expect(p.user).toBe(HY2_AUTH);
    expect(p.host).toBe("hy.example.com");
    expect(p.port).toBe(8443);
    expect(p.params).toEqual({ security: "tls", sni: "hy.example.com", alpn: "h3", insecure: "1", obfs: "salamander", "obfs-password": "obfs-pw" });
  });

  it("treats a version-2 'hysteria' inbound as hysteria2 and leaves version 1 out", () => {
    expect(shareLink(one(input(stream, "hysteria", { version: 2 })))).toMatch(/^hysteria2:\/\//);
    expect(endpointsFor(input(stream, "hysteria", { version: 1 }))).toEqual([]);
  });

  it("omits insecure and obfs when not set", () => {
    const plain = { ...stream, tlsSettings: { serverName: "x.example.com", alpn: [], settings: { allowInsecure: false } }, finalmask: {} };
    expect(parseUrlLink(shareLink(one(input(plain)))).params).toEqual({ security: "tls", sni: "x.example.com" });
  });
});

describe("external proxies", () => {
  it("writes one link per entry with its dest, port and remark; forceTls none drops alpn/sni/fp", () => {
    const p = PROTOCOLS[0]!;
    const input = inputFor(p, TRANSPORTS.find((t) => t.name === "ws (Host header)")!, SECURITIES.find((s) => s.name === "tls")!);
    input.inbound.streamSettings.externalProxy = [
      { forceTls: "same", dest: "cdn1.example.net", port: 2053, remark: "CDN" },
      { forceTls: "none", dest: "10.1.1.1", port: 80, remark: "" },
    ];
    const eps = endpointsFor(input);
    const [a, b] = eps.map((ep) => parseUrlLink(shareLink(ep)));
    expect(a!.host).toBe("cdn1.example.net");
    expect(a!.port).toBe(2053);
    expect(a!.remark).toMatch(/ · CDN$/);
    expect(a!.params).toMatchObject({ security: "tls", sni: "tls.example.com", alpn: "h2,http/1.1", fp: "chrome" });
    expect(b!.host).toBe("10.1.1.1");
    expect(b!.params.security).toBe("none");
    expect(b!.params).not.toHaveProperty("sni");
    expect(b!.params).not.toHaveProperty("alpn");
    expect(b!.params).not.toHaveProperty("fp");
    expect(b!.params).toMatchObject({ path: "/ws?ed=2048", host: "ws.example.com" });

    const vmessInput = inputFor(PROTOCOLS[1]!, TRANSPORTS[0]!, SECURITIES.find((s) => s.name === "tls")!);
    vmessInput.inbound.streamSettings.externalProxy = [{ forceTls: "none", dest: "plain.example.net", port: 8080, remark: "plain" }];
    const vm = parseVmess(shareLink(one(vmessInput)));
    expect(vm).toMatchObject({ add: "plain.example.net", port: 8080, tls: "none" });
    expect(vm).not.toHaveProperty("sni");
  });
});

describe("documents", () => {
  const eps = uniqueNames(
    combinations()
      .slice(0, 4)
      .flatMap(({ p, t, s }) => endpointsFor(inputFor(p, t, s))),
  );

  it("plain is one link per line; base64 is StdEncoding of the same text", () => {
    const plain = documentPlain(eps);
    expect(plain.contentType).toBe("text/plain; charset=utf-8");
    expect(plain.body.split("\n")).toEqual(eps.map(shareLink));
    const b64 = documentBase64(eps);
    expect(b64.contentType).toBe("text/plain; charset=utf-8");
    expect(b64.body).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
    expect(Buffer.from(b64.body, "base64").toString("utf8")).toBe(plain.body);
    expect(b64.skipped).toEqual([]);
  });

  it("leaves out an endpoint it cannot write, with the reason, and keeps the rest", () => {
    const broken: ProxyEndpoint = { ...eps[0]!, name: "no host", host: "" };
    const doc = documentPlain([broken, eps[1]!]);
    expect(doc.body).toBe(shareLink(eps[1]!));
    expect(doc.skipped).toEqual([{ name: "no host", reason: expect.stringContaining("address") }]);
    expect(() => shareLink(broken)).toThrow();
  });

  it("an empty document is an empty body", () => {
    expect(documentBase64([]).body).toBe("");
  });
});
