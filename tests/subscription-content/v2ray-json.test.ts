// The v2ray/Xray JSON client config: parsed back and compared with the inbound for every protocol x
// transport x security combination; checked by Debian's v2ray 4.34 (`v2ray -test`) for every
// combination 4.34 understands (and refused for ones it does not, so the check can fail); and run as
// the client of a real v2ray server, carrying a page for each protocol.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findV2rayBinary } from "../../simulators/xui/v2ray-box";
import { renderServerConfig } from "../../simulators/xui/v2ray-config";
import { startV2rayProcess, type V2rayProcess } from "../../simulators/xui/v2ray-process";
import { endpointsFor, uniqueNames } from "../../src/server/services/subscription-content/endpoints";
import type { ProxyEndpoint } from "../../src/server/services/subscription-content/types";
import { documentV2rayJson, documentXrayJson } from "../../src/server/services/subscription-content/v2ray-json";
import { requireTool } from "../helpers/requirements";
import { freePort, getViaHttpProxy, startPage } from "../panel/helpers";
import { combinations, HY2_AUTH, inputFor, PROTOCOLS, REALITY_PUB, SECURITIES, SS2022_CLIENT, SS2022_SERVER, TRANSPORTS, type SecurityCase, type TransportCase } from "./link-fixtures";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const v2ray = findV2rayBinary();
const hasV2ray = requireTool("v2ray", v2ray !== null, "run scripts/install-system-deps.sh (Debian's v2ray package), or set V2RAY_BIN");
const run = promisify(execFile);

const configOf = (eps: ProxyEndpoint[]): Json => {
  const doc = documentV2rayJson(eps);
  expect(doc.contentType).toBe("application/json; charset=utf-8");
  expect(doc.extension).toBe("json");
  const parsed = JSON.parse(doc.body) as unknown;
  expect(Array.isArray(parsed)).toBe(false);
  return parsed as Json;
};

/** The transport part of streamSettings a client core needs, written out per fixture. */
const TRANSPORT_JSON: Record<string, Json> = {
  tcp: { network: "tcp" },
  "tcp+http": { network: "tcp", tcpSettings: { header: { type: "http", request: { path: ["/video/a"], headers: { Host: ["cdn.example.com"] } } } } },
  "ws (Host header)": { network: "ws", wsSettings: { path: "/ws?ed=2048", headers: { Host: "ws.example.com" } } },
  "ws (host field)": { network: "ws", wsSettings: { path: "/路径 x", headers: { Host: "wh.example.com" } } },
  grpc: { network: "grpc", grpcSettings: { serviceName: "grpc-svc", multiMode: false } },
  "grpc multiMode": { network: "grpc", grpcSettings: { serviceName: "multi-svc", multiMode: true, authority: "grpc.example.com" } },
  httpupgrade: { network: "httpupgrade", httpupgradeSettings: { path: "/hu", host: "hu.example.com" } },
  xhttp: { network: "xhttp", xhttpSettings: { path: "/xh", host: "xh.example.com", mode: "packet-up" } },
  kcp: { network: "kcp", kcpSettings: { header: { type: "wechat-video" }, seed: "kcp-seed" } },
};

const SECURITY_JSON: Record<string, Json> = {
  none: { security: "none" },
  tls: { security: "tls", tlsSettings: { serverName: "tls.example.com", alpn: ["h2", "http/1.1"], fingerprint: "chrome" } },
  "tls allowInsecure": { security: "tls", tlsSettings: { serverName: "tls.example.com", alpn: ["h2", "http/1.1"], fingerprint: "chrome", allowInsecure: true } },
  reality: { security: "reality", realitySettings: { serverName: "www.apple.com", fingerprint: "firefox", publicKey: REALITY_PUB, shortId: "6ba85179e30d4fc2", spiderX: "/s" } },
};

function expectedSettings(name: string, flow: string): Json {
  const server = { address: "edge.example.com", port: 443 };
  const p = PROTOCOLS.find((x) => x.name === name)!;
  switch (p.protocol) {
    case "vmess":
      return { vnext: [{ ...server, users: [{ id: p.credential, alterId: 0, security: "auto" }] }] };
    case "vless":
      return { vnext: [{ ...server, users: [{ id: p.credential, encryption: "none", ...(flow ? { flow } : {}) }] }] };
    case "trojan":
      return { servers: [{ ...server, password: p.credential }] };
    default: {
      const method = String(p.settings.method);
      const password = method.startsWith("2022-") ? `${SS2022_SERVER}:${SS2022_CLIENT}` : p.credential;
      return { servers: [{ ...server, method, password }] };
    }
  }
}

describe("v2ray-json: one complete client config", () => {
  for (const { p, t, s } of combinations()) {
    it(`${p.name} / ${t.name} / ${s.name}`, () => {
      const input = inputFor(p, t, s);
      const config = configOf(endpointsFor(input));
      expect(config.log).toEqual({ loglevel: "warning" });
      expect(config.inbounds).toEqual([
        { tag: "socks", listen: "127.0.0.1", port: 10808, protocol: "socks", settings: { udp: true, auth: "noauth" } },
        { tag: "http", listen: "127.0.0.1", port: 10809, protocol: "http" },
      ]);
      expect(config.outbounds.map((o: Json) => o.tag)).toEqual(["proxy", "direct", "block"]);
      expect(config.outbounds.slice(1)).toEqual([
        { tag: "direct", protocol: "freedom" },
        { tag: "block", protocol: "blackhole" },
      ]);
      const proxy = config.outbounds[0] as Json;
      expect(proxy.protocol).toBe(p.protocol);
      expect(proxy.settings).toEqual(expectedSettings(p.name, input.client.flow));
      expect(proxy.streamSettings).toEqual({ ...TRANSPORT_JSON[t.name], ...SECURITY_JSON[s.name] });
      expect(config.routing.rules).toEqual([{ type: "field", ip: expect.arrayContaining(["10.0.0.0/8", "192.168.0.0/16", "127.0.0.0/8", "fc00::/7"]), outboundTag: "direct" }]);
    });
  }

  it("numbers the outbounds after the first, skips hysteria2 with a reason, and blocks by default when nothing is left", () => {
    const a = endpointsFor(inputFor(PROTOCOLS[0]!, TRANSPORTS[0]!, SECURITIES[0]!));
    const b = endpointsFor(inputFor(PROTOCOLS[1]!, TRANSPORTS[0]!, SECURITIES[0]!));
    const hy = endpointsFor({
      inbound: { protocol: "hysteria2", port: 8443, listen: "", remark: "hy", displayName: null, settings: {}, streamSettings: { security: "tls" } },
      client: { email: "e", credential: HY2_AUTH, flow: "" },
      nodeHost: "h",
      nodeName: "N",
    });
    const eps = uniqueNames([...a, ...hy, ...b, ...a]);
    const doc = documentV2rayJson(eps);
    const config = JSON.parse(doc.body) as Json;
    expect(config.outbounds.map((o: Json) => o.tag)).toEqual(["proxy", "proxy-2", "proxy-3", "direct", "block"]);
    expect(config.outbounds.map((o: Json) => o.protocol).slice(0, 3)).toEqual(["vless", "vmess", "vless"]);
    expect(doc.skipped).toEqual([{ name: "N · hy", reason: expect.stringContaining("hysteria2") }]);
    // 2-space JSON.stringify of the object.
    expect(doc.body).toBe(JSON.stringify(config, null, 2));

    const empty = JSON.parse(documentV2rayJson(hy).body) as Json;
    expect(empty.outbounds.map((o: Json) => o.tag)).toEqual(["block", "direct"]);
  });
});

/** Combinations Debian's v2ray 4.34 understands (protocols.md §8.3). */
const v434 = combinations().filter(({ p, t, s }) => p.v434 && t.v434 && s.v434);
const refusedBy434: { label: string; t: TransportCase; s: SecurityCase; p: (typeof PROTOCOLS)[number]; error: RegExp }[] = [
  { label: "grpc", p: PROTOCOLS[1]!, t: TRANSPORTS.find((x) => x.name === "grpc")!, s: SECURITIES[0]!, error: /unknown transport protocol: grpc/ },
  { label: "ss 2022", p: PROTOCOLS.find((x) => x.name === "ss 2022")!, t: TRANSPORTS[0]!, s: SECURITIES[0]!, error: /unknown cipher method/ },
];

describe.runIf(hasV2ray)("v2ray-json on Debian's v2ray 4.34 (v2ray -test)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "v2ray-json-test-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const check = async (eps: ProxyEndpoint[], file: string) => {
    const path = join(dir, file);
    writeFileSync(path, documentV2rayJson(eps).body);
    try {
      const { stdout, stderr } = await run(v2ray as string, ["-test", "-config", path]);
      return { ok: true, out: stdout + stderr };
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      return { ok: false, out: `${err.stdout ?? ""}${err.stderr ?? ""}` };
    }
  };

  it("covers vmess, vless, trojan and two shadowsocks ciphers over tcp, tcp+http and ws, with none and tls", () => {
    expect(v434).toHaveLength(5 * 4 * 3);
  });

  for (const { p, t, s } of v434) {
    it(`accepts ${p.name} / ${t.name} / ${s.name}`, async () => {
      const res = await check(endpointsFor(inputFor(p, t, s)), `${p.name}-${t.name}-${s.name}.json`.replace(/[^\w.-]+/g, "_"));
      expect(res.out).toContain("Configuration OK");
      expect(res.ok).toBe(true);
    });
  }

  it("accepts one document holding every one of them", async () => {
    const eps = uniqueNames(v434.flatMap(({ p, t, s }) => endpointsFor(inputFor(p, t, s))));
    const res = await check(eps, "all.json");
    expect(res.out).toContain("Configuration OK");
  });

  for (const { label, p, t, s, error } of refusedBy434) {
    it(`is refused for ${label}, so the check can fail`, async () => {
      const res = await check(endpointsFor(inputFor(p, t, s)), `refused-${label.replace(/\W+/g, "_")}.json`);
      expect(res.ok).toBe(false);
      expect(res.out).toMatch(error);
    });
  }
});

describe.runIf(hasV2ray)("v2ray-json as the client of a real v2ray server", () => {
  const PAGE = "through the v2ray-json config";
  const cases = [
    // A plain ws path: 4.34 does not know Xray's "?ed=" early-data suffix of the fixture's path.
    { p: PROTOCOLS.find((x) => x.name === "vmess")!, t: { ...TRANSPORTS[2]!, name: "ws", stream: { network: "ws", wsSettings: { path: "/vm", host: "", headers: { Host: "ws.example.com" } } } } },
    { p: PROTOCOLS.find((x) => x.name === "vless")!, t: TRANSPORTS.find((x) => x.name === "tcp")! },
    { p: PROTOCOLS.find((x) => x.name === "trojan")!, t: TRANSPORTS.find((x) => x.name === "ws (host field)")! },
    { p: PROTOCOLS.find((x) => x.name === "ss chacha20")!, t: TRANSPORTS.find((x) => x.name === "tcp")! },
  ];
  let dir: string;
  let server: V2rayProcess;
  let page: Awaited<ReturnType<typeof startPage>>;
  const ports: number[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "v2ray-json-run-"));
    page = await startPage(PAGE);
    for (const _ of cases) ports.push(await freePort());
    const { config, skipped } = renderServerConfig(
      cases.map(({ p, t }, i) => ({
        protocol: p.protocol,
        port: ports[i]!,
        listen: "127.0.0.1",
        tag: `in-${i}`,
        settings: p.settings,
        streamSettings: { ...t.stream, security: "none" },
        clients: [{ email: `user-${p.protocol}@example.com`, ...(p.protocol === "vmess" || p.protocol === "vless" ? { id: p.credential } : { password: p.credential }) }],
      })),
      { accessLog: join(dir, "access.log"), errorLog: join(dir, "error.log") },
    );
    expect(skipped).toEqual([]);
    server = await startV2rayProcess(v2ray as string, config, join(dir, "server.json"), ports.map((port) => ({ host: "127.0.0.1", port })));
  });

  afterAll(async () => {
    await server?.stop();
    await page?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // The Xray-JSON array's element for one endpoint is run the same way, as v2rayN would run it.
  const xrayElement = (eps: ProxyEndpoint[]): Json => {
    const array = JSON.parse(documentXrayJson(eps).body) as Json[];
    expect(array).toHaveLength(1);
    return array[0]!;
  };
  for (const [format, build] of [["v2ray-json", configOf], ["xray-json", xrayElement]] as const) {
    for (const [i, { p, t }] of cases.entries()) {
      it(`carries a page over ${p.name} / ${t.name} (${format})`, async () => {
        const input = inputFor(p, t, SECURITIES[0]!, { listen: "127.0.0.1", port: ports[i]! });
        const config = build(endpointsFor(input));
        // Only the local ports change, so parallel tests do not collide on 10808/10809.
        const [socksPort, httpPort] = [await freePort(), await freePort()];
        // The server's access log must gain a line for this user (the other format's run left some).
        const seen = () => readFileSync(join(dir, "access.log"), "utf8").split(`email: user-${p.protocol}@example.com`).length - 1;
        const before = existsSync(join(dir, "access.log")) ? seen() : 0;
        config.inbounds[0].port = socksPort;
        config.inbounds[1].port = httpPort;
        const client = await startV2rayProcess(v2ray as string, config, join(dir, `client-${format}-${i}.json`), [{ host: "127.0.0.1", port: httpPort }]);
        try {
          // A host name, not 127.0.0.1: the config sends private IPs direct, and a domain is not
          // resolved for that rule (AsIs), so this request must take the proxy.
          const res = await getViaHttpProxy(httpPort, `http://localhost:${page.port}/`);
          expect(res).toEqual({ status: 200, body: PAGE });
        } finally {
          await client.stop();
        }
        await expect.poll(seen, { timeout: 5_000 }).toBeGreaterThan(before);
      });
    }
  }
});
