// Format routing: ?format= (names and aliases) beats the User-Agent; UAs of real clients (protocols.md
// §8.4) land on the document they can read; anything else gets base64 links.
import { describe, expect, it } from "vitest";
import { FORMAT_ALIASES, pickFormat, UA_RULES } from "../../src/server/services/subscription-content/pick-format";
import { SERVED_FORMATS } from "../../src/server/services/subscription-content/types";

describe("pickFormat: ?format=", () => {
  // xray-json was an alias of v2ray-json until it became a format of its own (the array, issue 26).
  it.each(SERVED_FORMATS)("accepts %s, whatever the UA says", (f) => {
    expect(pickFormat({ format: f, userAgent: "clash-verge/v2.0.0" })).toBe(f);
    expect(pickFormat({ format: ` ${f.toUpperCase()} ` })).toBe(f);
  });

  it.each([
    ["clash-meta", "clash"],
    ["mihomo", "clash"],
    ["meta", "clash"],
    ["singbox", "sing-box"],
    ["json", "v2ray-json"],
    ["xray-array", "xray-json"],
    ["ss", "sip008"],
    ["shadowsocks", "sip008"],
    ["clash_classic", "clash-classic"],
    ["quantumultx", "quantumult-x"],
    ["qx", "quantumult-x"],
    ["links", "base64"],
    ["v2rayn", "base64"],
    ["raw", "plain"],
    ["text", "plain"],
  ])("alias %s -> %s", (alias, format) => {
    expect(pickFormat({ format: alias, userAgent: "SFA/1.12.0" })).toBe(format);
    expect(FORMAT_ALIASES[alias]).toBe(format);
  });

  it.each(["yaml", "surge4", "quantumult", "toString", "__proto__", "constructor", "clash;", "base64 plain"])("unknown %j is an error, not a fallback", (f) => {
    expect(pickFormat({ format: f, userAgent: "clash-verge/v2" })).toEqual({ error: "unknown_format" });
  });

  it("an empty or missing format falls through to the User-Agent", () => {
    expect(pickFormat({ format: "", userAgent: "Stash/2.4.7 Clash/1.9.0" })).toBe("stash");
    expect(pickFormat({ format: null, userAgent: "Stash/2.4.7" })).toBe("stash");
    expect(pickFormat({ userAgent: "Stash/2.4.7" })).toBe("stash");
  });
});

describe("pickFormat: User-Agent", () => {
  it.each([
    ["clash-verge/v2.2.3", "clash"],
    ["FlClash/v0.8.80 clash-verge Platform/android", "clash"],
    ["clash.meta/v1.19.2", "clash"],
    ["mihomo/1.19.0", "clash"],
    ["ClashMetaForAndroid/2.11.5.Meta", "clash"],
    ["clash-nyanpasu/v1.6.1", "clash"],
    ["ClashX Meta/1.4.0", "clash"],
    ["koala-clash/1.0", "clash"],
    ["Stash/2.4.7 Clash/1.9.0", "stash"],
    ["SFA/1.11.4 (580; sing-box 1.11.4)", "sing-box"],
    ["SFI/1.12.0 (1; sing-box 1.12.0)", "sing-box"],
    ["SFM/1.12.0", "sing-box"],
    ["SFT/1.12.0", "sing-box"],
    ["sing-box 1.12.0", "sing-box"],
    // Hiddify's UA also says "ClashMeta": it must still get sing-box.
    ["HiddifyNext/2.5.7 (android) like ClashMeta v2ray sing-box", "sing-box"],
    ["ClashforWindows/0.20.39", "clash"],
    ["ClashX/1.118.0", "clash"],
    ["v2rayNG/1.9.40", "base64"],
    ["v2rayN/7.10", "base64"],
    // protocols.md §9: the clients with their own formats.
    ["Shadowrocket/2070 CFNetwork/1496.0.7 Darwin/23.5.0", "shadowrocket"],
    ["Surge iOS/2920", "surge"],
    ["Surge Mac/2408", "surge"],
    ["Surge/1395 CFNetwork/1088.1 Darwin/19.0.0", "surge"],
    ["Surge%203/863 CFNetwork/978.0.7 Darwin/18.6.0 (x86_64)", "surge"],
    ["Surfboard/2.34.4", "surfboard"],
    // Quantumult X sends its space percent-encoded; a decoded one is taken too.
    ["Quantumult%20X/1.0.29 (iPhone14,5; iOS 15.4.1)", "quantumult-x"],
    ["Quantumult X/1.5.0", "quantumult-x"],
    ["Loon/975 CFNetwork/3860.700.1 Darwin/25.6.0", "loon"],
    // Not the clients: a name inside another word or elsewhere in the UA.
    ["Surgeon/1.0", "base64"],
    ["Loonie/2.0", "base64"],
    ["Mozilla/5.0 Shadowrocket", "base64"],
    ["Happ/3.2.1", "base64"],
    ["Streisand/1.6", "base64"],
    ["curl/8.5.0", "base64"],
    ["Mozilla/5.0 (Windows NT 10.0)", "base64"],
    ["", "base64"],
    ["sfacade/1.0", "base64"],
  ])("%j -> %s", (ua, format) => {
    expect(pickFormat({ userAgent: ua })).toBe(format);
  });

  it("no UA at all gives base64", () => {
    expect(pickFormat({})).toBe("base64");
    expect(pickFormat({ userAgent: null })).toBe("base64");
  });

  it("each documented rule's example UA routes to that rule's format (the README table is true)", () => {
    for (const rule of UA_RULES) {
      expect(pickFormat({ userAgent: rule.example })).toBe(rule.format);
      expect(rule.pattern.test(rule.example)).toBe(true);
      expect(rule.clients.length).toBeGreaterThan(0);
    }
  });
});
