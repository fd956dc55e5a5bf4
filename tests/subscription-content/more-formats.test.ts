// Issue 26 item 1, first three formats: the original Clash core (clash-classic), SIP008 and the
// Xray-JSON array, parsed back over every protocol x transport x security combination of the
// fixtures, with each format's "cannot carry" rules checked from protocols.md §9.6-9.8 (not from the
// renderer). v2ray -test and real traffic for the Xray-JSON elements are in v2ray-json.test.ts.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { findV2rayBinary } from "../../simulators/xui/v2ray-box";
import { documentClash } from "../../src/server/services/subscription-content/clash";
import { endpointsFor, uniqueNames } from "../../src/server/services/subscription-content/endpoints";
import { documentSip008, withSip008Usage } from "../../src/server/services/subscription-content/sip008";
import type { ProxyEndpoint } from "../../src/server/services/subscription-content/types";
import { documentV2rayJson, documentXrayJson } from "../../src/server/services/subscription-content/v2ray-json";
import { requireTool } from "../helpers/requirements";
import { combinations, inputFor, PROTOCOLS, SECURITIES, SS2022_CLIENT, SS2022_SERVER, TRANSPORTS } from "./link-fixtures";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ALL = combinations().map(({ p, t, s }) => ({ p, t, s, eps: endpointsFor(inputFor(p, t, s)) }));

/** What the original Clash core reads (protocols.md §9.7), written out here rather than taken from the renderer. */
function classicCanCarry(p: (typeof PROTOCOLS)[number], t: string, s: string): boolean {
  if (p.protocol === "vless" || p.protocol === "hysteria2") return false;
  if (s === "reality") return false;
  if (p.protocol === "shadowsocks") return t === "tcp" && s === "none" && !String(p.settings.method).startsWith("2022-");
  const transports: Record<string, string[]> = { vmess: ["tcp", "tcp+http", "ws (Host header)", "ws (host field)", "grpc", "grpc multiMode"], trojan: ["tcp", "ws (Host header)", "ws (host field)", "grpc", "grpc multiMode"] };
  if (!transports[p.protocol]!.includes(t)) return false;
  if (p.protocol === "trojan" && s === "none") return false; // trojan is TLS
  if (p.protocol === "vmess" && t.startsWith("grpc") && s === "none") return false; // vmess gRPC needs TLS
  return true;
}

describe("clash-classic: the original Clash core", () => {
  for (const { p, t, s, eps } of ALL) {
    it(`${p.name} / ${t.name} / ${s.name}: ${classicCanCarry(p, t.name, s.name) ? "carried" : "left out"}`, () => {
      const doc = documentClash(eps, { dialect: "classic", title: "Test" });
      const profile = parseYaml(doc.body) as Json;
      const proxies = profile.proxies as Json[];
      if (!classicCanCarry(p, t.name, s.name)) {
        expect(proxies).toEqual([]);
        expect(doc.skipped).toHaveLength(1);
        expect(doc.entries).toBe(0);
        // Counted in a comment at the top of the profile.
        expect(doc.body.split("\n")[0]).toBe("# 1 of 1 servers left out: the original Clash core cannot carry them.");
        return;
      }
      expect(doc.skipped).toEqual([]);
      expect(proxies).toHaveLength(1);
      const proxy = proxies[0]!;
      expect(["ss", "vmess", "trojan"]).toContain(proxy.type);
      // None of the keys the original core does not have.
      for (const key of ["client-fingerprint", "reality-opts", "flow", "xhttp-opts", "encryption"]) expect(proxy, key).not.toHaveProperty(key);
      if (proxy.type === "vmess") expect(proxy).not.toHaveProperty("alpn");
      if (proxy.type === "ss") expect(proxy.cipher).toBe(p.settings.method);
      if (s.name.startsWith("tls")) expect(proxy.tls ?? proxy.type === "trojan").toBe(true);
      if (t.name.startsWith("ws")) expect((proxy["ws-opts"] as Json).headers.Host).toBe(t.params.host);
      expect(profile["proxy-groups"][0].proxies).toContain(proxy.name);
    });
  }
});

describe("sip008: Shadowsocks online configuration", () => {
  const ssPlain = ALL.filter(({ p, t, s }) => p.protocol === "shadowsocks" && t.name === "tcp" && s.name === "none");

  it("carries the plain Shadowsocks endpoints only, with the fields SIP008 requires", () => {
    expect(ssPlain.length).toBe(3); // two AEAD ciphers and a 2022 one
    const eps = uniqueNames(ALL.flatMap((c) => c.eps));
    const doc = documentSip008(eps);
    expect(doc.contentType).toBe("application/json; charset=utf-8");
    const parsed = JSON.parse(doc.body) as Json;
    expect(parsed.version).toBe(1);
    expect(parsed.servers).toHaveLength(3);
    expect(doc.skipped).toHaveLength(eps.length - 3);
    for (const server of parsed.servers as Json[]) {
      expect(Object.keys(server).sort()).toEqual(["id", "method", "password", "remarks", "server", "server_port"]);
      expect(server.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(typeof server.server_port).toBe("number");
    }
    const s2022 = (parsed.servers as Json[]).find((x) => String(x.method).startsWith("2022-"))!;
    expect(s2022.password).toBe(`${SS2022_SERVER}:${SS2022_CLIENT}`);
  });

  it("keeps each server's id across renders and gives different servers different ids", () => {
    const eps = uniqueNames(ssPlain.flatMap((c) => c.eps));
    const ids = (doc: string) => (JSON.parse(doc) as Json).servers.map((x: Json) => x.id);
    expect(ids(documentSip008(eps).body)).toEqual(ids(documentSip008(eps).body));
    expect(new Set(ids(documentSip008(eps).body)).size).toBe(3);
  });

  it("adds usage per request: bytes_remaining only under a limit, never without bytes_used", () => {
    const body = documentSip008(ssPlain[0]!.eps).body;
    const limited = JSON.parse(withSip008Usage(body, { upload: 100, download: 400, total: 2_000 })) as Json;
    expect(limited).toMatchObject({ version: 1, bytes_used: 500, bytes_remaining: 1_500 });
    const unlimited = JSON.parse(withSip008Usage(body, { upload: 100, download: 400, total: 0 })) as Json;
    expect(unlimited.bytes_used).toBe(500);
    expect(unlimited).not.toHaveProperty("bytes_remaining");
    const over = JSON.parse(withSip008Usage(body, { upload: 3_000, download: 0, total: 2_000 })) as Json;
    expect(over.bytes_remaining).toBe(0);
  });
});

describe("xray-json: one complete config per endpoint", () => {
  const carried = (eps: ProxyEndpoint[]) => (JSON.parse(documentV2rayJson(eps).body) as Json).outbounds.filter((o: Json) => String(o.tag).startsWith("proxy"));

  it("is an array whose elements are complete configs named by remarks, with the proxy first", () => {
    const eps = uniqueNames(ALL.flatMap((c) => c.eps));
    const doc = documentXrayJson(eps);
    const array = JSON.parse(doc.body) as Json[];
    expect(Array.isArray(array)).toBe(true);
    const expected = carried(eps);
    expect(array).toHaveLength(expected.length);
    expect(doc.entries).toBe(array.length);
    const carriedNames = eps.filter((ep) => !doc.skipped.some((s) => s.name === ep.name)).map((ep) => ep.name);
    for (const [i, element] of array.entries()) {
      expect(element.remarks).toBe(carriedNames[i]);
      expect(element.inbounds.length).toBeGreaterThan(0);
      expect(element.routing).toBeDefined();
      expect(element.outbounds[0]).toEqual({ ...expected[i], tag: "proxy" });
      expect(element.outbounds.slice(1).map((o: Json) => o.tag)).toEqual(["direct", "block"]);
    }
    // Integral numbers only (v2rayNG's Gson round trip truncates the rest).
    const numbers: number[] = [];
    JSON.parse(doc.body, (_k, v: unknown) => (typeof v === "number" && numbers.push(v), v));
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.filter((x) => !Number.isInteger(x))).toEqual([]);
    // hysteria2 has no Xray outbound here: left out with the reason, as in v2ray-json.
    expect(doc.skipped.every((s) => s.reason.includes("hysteria2"))).toBe(true);
  });
});

const v2ray = findV2rayBinary();
const hasV2ray = requireTool("v2ray", v2ray !== null, "run scripts/install-system-deps.sh (Debian's v2ray package), or set V2RAY_BIN");

describe.runIf(hasV2ray)("xray-json elements on Debian's v2ray 4.34 (v2ray -test)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "xray-json-test-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("accepts every element of an array holding every combination 4.34 understands", async () => {
    const v434 = ALL.filter(({ p, t, s }) => p.v434 && t.v434 && s.v434);
    const array = JSON.parse(documentXrayJson(uniqueNames(v434.flatMap((c) => c.eps))).body) as Json[];
    expect(array).toHaveLength(v434.length);
    for (const [i, element] of array.entries()) {
      const file = join(dir, `element-${i}.json`);
      writeFileSync(file, JSON.stringify(element));
      const { stdout } = await promisify(execFile)(v2ray as string, ["-test", "-config", file]);
      expect(stdout, element.remarks).toContain("Configuration OK");
    }
  });
});

it("the fixtures cover every transport and security", () => {
  expect(new Set(ALL.map((c) => c.t.name))).toEqual(new Set(TRANSPORTS.map((t) => t.name)));
  expect(new Set(ALL.map((c) => c.s.name))).toEqual(new Set(SECURITIES.map((s) => s.name)));
});
