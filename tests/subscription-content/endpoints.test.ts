// Endpoint expansion: the address rule of 3x-ui's subscription server, external proxies with forceTls,
// display names and their uniqueness, and which protocols we can express.
import { describe, expect, it } from "vitest";
import { endpointsFor, isRenderable, uniqueNames, type EndpointInput } from "../../src/server/services/subscription-content/endpoints";
import type { ProxyEndpoint } from "../../src/server/services/subscription-content/types";
import { inputFor, PROTOCOLS, SECURITIES, TRANSPORTS } from "./link-fixtures";

const base = (over: Partial<EndpointInput["inbound"]> = {}): EndpointInput => {
  const input = inputFor(PROTOCOLS[0]!, TRANSPORTS[2]!, SECURITIES[1]!);
  Object.assign(input.inbound, over);
  return input;
};

describe("address", () => {
  it.each(["", "0.0.0.0", "::", "::0", "/dev/shm/fallback.sock", "@abstract"])("listen %j is not dialable: the node host", (listen) => {
    expect(endpointsFor(base({ listen })).map((e) => e.host)).toEqual(["edge.example.com"]);
  });

  it.each(["203.0.113.9", "2001:db8::7", "vpn.example.org"])("a specific listen %j is dialed as is", (listen) => {
    const [ep] = endpointsFor(base({ listen, port: 8443 }));
    expect(ep).toMatchObject({ host: listen, port: 8443 });
  });
});

describe("names", () => {
  it("node name · display name, else remark, else protocol", () => {
    expect(endpointsFor(base({ displayName: "  Premium  ", remark: "r" }))[0]!.name).toBe("Tokyo 1 · Premium");
    expect(endpointsFor(base({ displayName: null, remark: "raw-remark" }))[0]!.name).toBe("Tokyo 1 · raw-remark");
    expect(endpointsFor(base({ displayName: "", remark: "" }))[0]!.name).toBe("Tokyo 1 · vless");
  });

  it("uniqueNames appends 2, 3 ... and steps over a name already taken", () => {
    const ep = endpointsFor(base({ displayName: "A" }))[0]!;
    const names = uniqueNames([ep, ep, { ...ep, name: `${ep.name} 2` }, ep]).map((e) => e.name);
    expect(names).toEqual(["Tokyo 1 · A", "Tokyo 1 · A 3", "Tokyo 1 · A 2", "Tokyo 1 · A 4"]);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("external proxies", () => {
  const withProxies = (externalProxy: unknown[]) => {
    const input = base({ displayName: "CDN in" });
    input.inbound.streamSettings = { ...input.inbound.streamSettings, externalProxy };
    return endpointsFor(input);
  };

  it("one endpoint per valid entry, with its dest, port and remark; broken entries are left out", () => {
    const eps = withProxies([
      { forceTls: "same", dest: "a.example.net", port: 443, remark: "A" },
      { forceTls: "same", dest: "", port: 443, remark: "no dest" },
      { forceTls: "same", dest: "b.example.net", port: 0, remark: "bad port" },
      { forceTls: "same", dest: "c.example.net", port: 8443, remark: "" },
    ]);
    expect(eps.map((e) => [e.name, e.host, e.port])).toEqual([
      ["Tokyo 1 · CDN in · A", "a.example.net", 443],
      ["Tokyo 1 · CDN in", "c.example.net", 8443],
    ]);
    for (const e of eps) expect(e.streamSettings).not.toHaveProperty("externalProxy");
  });

  it("forceTls: same keeps, none drops tls settings, tls forces tls", () => {
    const [same, none, tls] = withProxies([
      { forceTls: "same", dest: "a", port: 1, remark: "" },
      { forceTls: "none", dest: "b", port: 2, remark: "" },
      { forceTls: "tls", dest: "c", port: 3, remark: "" },
    ]);
    expect(same!.streamSettings.security).toBe("tls");
    expect(same!.streamSettings.tlsSettings).toBeDefined();
    expect(none!.streamSettings.security).toBe("none");
    expect(none!.streamSettings).not.toHaveProperty("tlsSettings");
    expect(tls!.streamSettings.security).toBe("tls");
  });

  it("without externalProxy (or an empty one) there is exactly one endpoint on the inbound's port", () => {
    expect(withProxies([])).toHaveLength(1);
    const input = base();
    delete input.inbound.streamSettings.externalProxy;
    expect(endpointsFor(input)).toMatchObject([{ host: "edge.example.com", port: 443 }]);
  });
});

describe("protocols", () => {
  it("renders vmess, vless, trojan, shadowsocks, hysteria2 (and hysteria v2); not hysteria v1, wireguard, others", () => {
    for (const p of ["vmess", "vless", "trojan", "shadowsocks", "hysteria2"]) expect(isRenderable(p)).toBe(true);
    expect(isRenderable("hysteria", { version: 2 })).toBe(true);
    for (const p of ["hysteria", "wireguard", "tunnel", "http", "mixed", "socks"]) expect(isRenderable(p)).toBe(false);
    expect(endpointsFor(base({ protocol: "wireguard" }))).toEqual([]);
  });

  it("carries credential and settings; flow only for vless", () => {
    const vless = endpointsFor(base())[0] as ProxyEndpoint;
    expect(vless).toMatchObject({ protocol: "vless", credential: PROTOCOLS[0]!.credential, settings: PROTOCOLS[0]!.settings });
    const trojanInput = inputFor(PROTOCOLS[2]!, TRANSPORTS[0]!, SECURITIES[1]!);
    trojanInput.client.flow = "xtls-rprx-vision";
    expect(endpointsFor(trojanInput)[0]!.flow).toBe("");
  });
});
