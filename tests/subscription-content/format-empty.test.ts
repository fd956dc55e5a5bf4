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
