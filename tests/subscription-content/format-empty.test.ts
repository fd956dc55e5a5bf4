// Issue 26 item 1: the new formats through the real content pipeline, and a document that would be
// empty answered 406 with the reason (in the caller's language) instead of an empty profile that
// would replace a client's working one with nothing.
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { serveContent } from "../../src/server/services/subscription-content/serve";
import { openShop } from "../commerce/fixtures";
import { subscribedIn } from "./gate-fixtures";

const shop = openShop();
afterAll(() => flushAccessLogs());

let n = 0;
const fetchAs = (id: string, token: string, format: string, locale: "en" | "zh-CN" = "en") =>
  serveContent(shop.db, { id, token, format, userAgent: "test/1.0", ip: `198.51.100.${(n++ % 250) + 1}`, locale });

describe("the new formats on a vmess + vless plan", () => {
  it("sip008 has nothing to carry: 406 with the count and the reason, in the caller's language", async () => {
    const { sub, token } = await subscribedIn(shop);
    const res = await fetchAs(sub.id, token, "sip008");
    expect(res.status).toBe(406);
    const body = JSON.parse(res.body) as { error: { code: string; message: string; details: Record<string, unknown> } };
    expect(body.error.code).toBe("NOT_ACCEPTABLE");
    expect(body.error.details).toMatchObject({ reason: "subscription_format_empty", format: "sip008", count: 2 });
    expect(String(body.error.details.reasons)).toContain("Shadowsocks only");
    expect(body.error.message).toMatch(/cannot use any of the 2 servers/);
    const zh = JSON.parse((await fetchAs(sub.id, token, "ss", "zh-CN")).body) as { error: { message: string } };
    expect(zh.error.message).toContain("无法使用该订阅的 2 个节点");
  });

  it("clash-classic carries vmess, leaves vless out and says so at the top of the profile", async () => {
    const { sub, token } = await subscribedIn(shop);
    const res = await fetchAs(sub.id, token, "clash-classic");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/yaml/);
    expect(res.body.split("\n")[0]).toBe("# 1 of 2 servers left out: the original Clash core cannot carry them.");
    const proxies = (parseYaml(res.body) as { proxies: { type: string }[] }).proxies;
    expect(proxies.map((p) => p.type)).toEqual(["vmess"]);
  });

  it("xray-json answers one complete config per server", async () => {
    const { sub, token } = await subscribedIn(shop);
    const res = await fetchAs(sub.id, token, "xray-json");
    expect(res.status).toBe(200);
    const array = JSON.parse(res.body) as { remarks: string; outbounds: { protocol: string }[] }[];
    expect(array.map((c) => c.outbounds[0]!.protocol).sort()).toEqual(["vless", "vmess"]);
  });
});

describe("the client formats that take something of the request", () => {
  it("surge: the managed line is line 1 with the URL fetched (token and format); vless is left out and counted", async () => {
    const { sub, token } = await subscribedIn(shop);
    const res = await fetchAs(sub.id, token, "surge");
    expect(res.status).toBe(200);
    const lines = res.body.split("\n");
    const managed = /^#!MANAGED-CONFIG (\S+) interval=43200 strict=false$/.exec(lines[0]!);
    expect(managed).not.toBeNull();
    const url = new URL(managed![1]!);
    expect(url.pathname).toBe(`/api/subscription/${sub.id}`);
    expect(url.searchParams.get("token")).toBe(token);
    expect(url.searchParams.get("format")).toBe("surge");
    expect(lines[1]).toBe("# 1 of 2 servers left out: Surge cannot carry them.");
    expect(lines.filter((l) => / = vmess, /.test(l))).toHaveLength(1);
  });

  it("a UA-routed Surfboard fetch names its format in the managed URL, so an update stays Surfboard", async () => {
    const { sub, token } = await subscribedIn(shop);
    const res = await serveContent(shop.db, { id: sub.id, token, format: null, userAgent: "Surfboard/2.34.4", ip: "198.51.100.251", locale: "en" });
    expect(new URL(res.body.split("\n")[0]!.split(" ")[1]!).searchParams.get("format")).toBe("surfboard");
  });

  it("shadowrocket: base64 of the STATUS line with this subscription's usage, then its links", async () => {
    const { sub, token } = await subscribedIn(shop);
    const res = await serveContent(shop.db, { id: sub.id, token, format: null, userAgent: "Shadowrocket/2070 CFNetwork/1496.0.7 Darwin/23.5.0", ip: "198.51.100.252", locale: "en" });
    expect(res.status).toBe(200);
    const lines = Buffer.from(res.body, "base64").toString("utf8").split("\n");
    expect(lines[0]).toMatch(/^STATUS=🚀↑:0 B,↓:0 B,TOT:\d+(\.\d+)? [KMGT]?B💡Expires:\d{4}-\d{2}-\d{2}$/);
    expect(lines.slice(1).map((l) => l.slice(0, l.indexOf(":"))).sort()).toEqual(["vless", "vmess"]);
  });

  it("loon and quantumult-x are plain text node lines", async () => {
    const { sub, token } = await subscribedIn(shop);
    const loon = await fetchAs(sub.id, token, "loon");
    expect(loon.status).toBe(200);
    expect(loon.body.split("\n").map((l) => l.split(" = ")[1]!.split(",")[0]).sort()).toEqual(["VLESS", "vmess"]);
    const qx = await fetchAs(sub.id, token, "qx");
    expect(qx.status).toBe(200);
    expect(qx.body.split("\n").map((l) => l.slice(0, l.indexOf("="))).sort()).toEqual(["vless", "vmess"]);
  });
});
