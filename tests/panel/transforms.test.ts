import { describe, expect, it } from "vitest";
import { normalizePanelUrl } from "../../src/server/integrations/panel/http-transport";
import { cleanPanelMsg, panelMessageError, transportError } from "../../src/server/integrations/panel/panel-errors";
import {
  applyClientPatch,
  buildRawClient,
  clientKeyField,
  clientKeyOf,
  parseJsonObject,
  sanitizeInboundSettings,
  sanitizeStreamSettings,
  toClientTraffic,
  toInbound,
} from "../../src/server/integrations/panel/transforms";

const panelInbound = {
  id: 3,
  up: 10,
  down: 20,
  total: 0,
  allTime: 30,
  remark: "tj",
  enable: true,
  expiryTime: 0,
  trafficReset: "never",
  lastTrafficResetTime: 0,
  clientStats: [
    { id: 1, inboundId: 3, enable: true, email: "a@x-1", uuid: "", subId: "s1", up: 5, down: 7, allTime: 12, expiryTime: 0, total: 1073741824, reset: 0, lastOnline: 1700000000000 },
    // v2.6.0 rows have no allTime/lastOnline
    { id: 2, inboundId: 3, enable: false, email: "b@x-2", up: 1, down: 2, expiryTime: 0, total: 0, reset: 0 },
  ],
  listen: "",
  port: 443,
  protocol: "trojan",
  settings: JSON.stringify({
    clients: [
      { password: "p-a", email: "a@x-1", limitIp: 0, totalGB: 1073741824, expiryTime: 1767225600000, enable: true, tgId: "", subId: "s1", reset: 0 },
      { password: "p-b", email: "b@x-2", limitIp: 2, totalGB: 0, expiryTime: -86400000, enable: false, tgId: 0, subId: "", reset: 0 },
    ],
    fallbacks: [],
  }),
  streamSettings: JSON.stringify({ network: "tcp", security: "none" }),
  tag: "inbound-443",
  sniffing: JSON.stringify({ enabled: false }),
};

describe("panel transforms", () => {
  it("parses settings strings, tolerating objects and junk", () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonObject({ a: 1 })).toEqual({ a: 1 });
    expect(parseJsonObject("not json")).toEqual({});
    expect(parseJsonObject("[1,2]")).toEqual({});
    expect(parseJsonObject(null)).toEqual({});
  });

  it("maps a panel inbound to our shape with clients, bytes and ms", () => {
    const inbound = toInbound(panelInbound);
    expect(inbound).toMatchObject({ id: 3, protocol: "trojan", port: 443, tag: "inbound-443", up: 10, down: 20 });
    expect(inbound.streamSettings).toEqual({ network: "tcp", security: "none" });
    expect(inbound.clients).toEqual([
      expect.objectContaining({ email: "a@x-1", credential: "p-a", totalBytes: 1073741824, expiryTime: 1767225600000, enable: true }),
      expect.objectContaining({ email: "b@x-2", credential: "p-b", limitIp: 2, expiryTime: -86400000, enable: false }),
    ]);
    expect(inbound.clientStats[0]).toEqual({
      inboundId: 3, email: "a@x-1", enable: true, up: 5, down: 7, allTime: 12, totalBytes: 1073741824, expiryTime: 0, lastOnline: 1700000000000,
    });
    // Missing allTime falls back to up + down; missing lastOnline is 0.
    expect(inbound.clientStats[1]).toMatchObject({ allTime: 3, lastOnline: 0, enable: false });
  });

  it("takes null clientStats (get/:id) as no stats and rejects non-inbounds", () => {
    expect(toInbound({ ...panelInbound, clientStats: null }).clientStats).toEqual([]);
    expect(() => toInbound({ hello: "world" })).toThrow();
    expect(toClientTraffic({ email: "x", up: 1, down: 1 })).toMatchObject({ allTime: 2, totalBytes: 0 });
  });

  it("picks the right :clientId per protocol (uuid, trojan password, shadowsocks email)", () => {
    expect(clientKeyField("vmess")).toBe("id");
    expect(clientKeyField("vless")).toBe("id");
    expect(clientKeyField("trojan")).toBe("password");
    expect(clientKeyField("shadowsocks")).toBe("email");
    expect(clientKeyField("hysteria2")).toBe("auth");
    expect(clientKeyOf("shadowsocks", { email: "e", password: "p" })).toBe("e");
  });

  it("builds panel clients with the credential in the protocol's field", () => {
    const input = { email: "u@x-1", credential: "secret", enable: true, totalBytes: 5, expiryTime: 9, subId: "sub" };
    expect(buildRawClient("vmess", input)).toMatchObject({ id: "secret", security: "auto", totalGB: 5, expiryTime: 9, tgId: 0 });
    expect(buildRawClient("vless", input)).toMatchObject({ id: "secret", flow: "" });
    expect(buildRawClient("trojan", input)).toMatchObject({ password: "secret" });
    expect(buildRawClient("shadowsocks", input)).toMatchObject({ password: "secret", email: "u@x-1" });
    expect(buildRawClient("trojan", input)).not.toHaveProperty("id");
  });

  it("patches a client keeping fields it does not model, fixing a string tgId", () => {
    const existing = { id: "old", email: "e", enable: true, created_at: 111, custom: "kept", tgId: "" };
    const next = applyClientPatch("vless", existing, { credential: "new", enable: false, totalBytes: 7 });
    expect(next).toEqual({ id: "new", email: "e", enable: false, totalGB: 7, created_at: 111, custom: "kept", tgId: 0 });
    expect(existing.id).toBe("old");
  });

  it("strips other clients' secrets and server private keys for the mirror", () => {
    const ss = { method: "2022-blake3-aes-128-gcm", password: "server-key", network: "tcp,udp", clients: [{ password: "x" }], ivCheck: false };
    expect(sanitizeInboundSettings(ss)).toEqual({ method: "2022-blake3-aes-128-gcm", password: "server-key", network: "tcp,udp", ivCheck: false });
    expect(sanitizeInboundSettings({ clients: [], decryption: "none", fallbacks: [] })).toEqual({ decryption: "none", fallbacks: [] });
    const stream = {
      network: "tcp",
      security: "reality",
      realitySettings: { privateKey: "PRIV", mldsa65Seed: "SEED", serverNames: ["a"], shortIds: ["1"], settings: { publicKey: "PUB" } },
      tlsSettings: { serverName: "h", certificates: [{ keyFile: "/k" }] },
    };
    const clean = sanitizeStreamSettings(stream);
    expect(JSON.stringify(clean)).not.toMatch(/PRIV|SEED|keyFile/);
    expect(clean).toMatchObject({ realitySettings: { serverNames: ["a"], settings: { publicKey: "PUB" } }, tlsSettings: { serverName: "h" } });
  });
});

describe("panel error mapping", () => {
  it("drops Sprintln's newline", () => {
    expect(cleanPanelMsg("Something went wrong (Duplicate email: bob\n)")).toBe("Something went wrong (Duplicate email: bob)");
  });

  it.each([
    ["Something went wrong (Duplicate email: Bob@x\n)", "add", "CONFLICT", "panel_duplicate_email"],
    ["Something went wrong (record not found)", "add", "NOT_FOUND", "panel_unknown_inbound"],
    ["Error getting traffics. (Inbound Not Found For Email: x\n)", "traffic", "NOT_FOUND", "panel_unknown_client"],
    ["Something went wrong (empty client ID\n)", "update", "NOT_FOUND", "panel_unknown_client"],
    ["Something went wrong (empty client ID\n)", "add", "VALIDATION", "panel_empty_client_id"],
    ["Something went wrong (no client remained in Inbound\n)", "delete", "CONFLICT", "panel_last_client"],
    ["Invalid username or password or two-factor code.", "login", "UNAVAILABLE", "panel_bad_credentials"],
    ["Something odd", "other", "UNAVAILABLE", "panel_error"],
  ] as const)("%s (%s) -> %s", (msg, op, code, reason) => {
    const e = panelMessageError(msg, op);
    expect(e.code).toBe(code);
    expect(e.details?.reason).toBe(reason);
  });

  it("keeps the duplicate email in details", () => {
    expect(panelMessageError("Something went wrong (Duplicate email: Bob@x\n)", "add").details?.email).toBe("Bob@x");
  });

  it("maps fetch failures to timeout or unreachable", () => {
    expect(transportError(new DOMException("t", "TimeoutError"), 5).details?.reason).toBe("panel_timeout");
    const refused = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    expect(transportError(refused, 5).details).toEqual({ reason: "panel_unreachable", errno: "ECONNREFUSED" });
  });

  it("normalizes the panel URL so the base path survives relative resolution", () => {
    expect(normalizePanelUrl("http://h:2053/abc")).toBe("http://h:2053/abc/");
    expect(normalizePanelUrl("https://h:2053/abc/?x=1#y")).toBe("https://h:2053/abc/");
    expect(normalizePanelUrl("http://h:2053")).toBe("http://h:2053/");
    // Both refusals name the node form's field, so the form marks the URL input.
    for (const bad of ["ftp://h", "nope"]) {
      expect(() => normalizePanelUrl(bad)).toThrow(expect.objectContaining({ code: "VALIDATION", details: { reason: "panel_url_invalid", fields: { panelUrl: "panel_url_format" } } }));
    }
  });
});
