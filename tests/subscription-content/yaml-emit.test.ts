// Our YAML writer (yaml-emit.ts) against an independent parser: every string comes back as the same
// string in YAML 1.1 (go-yaml v2, Stash) and 1.2 (mihomo's go-yaml v3), whatever it holds.
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { emitYaml } from "../../src/server/services/subscription-content/yaml-emit";

const back = (text: string, version: "1.1" | "1.2") => parse(text, { version }) as unknown;

const TRICKY = [
  "", " ", "  x", "x ", "yes", "No", "ON", "off", "Y", "n", "null", "Null", "~", "true", "FALSE", "1", "-1", "0x1F", "0o17", "1:20", "1_000",
  "1e3", ".inf", "-.Inf", ".NaN", "NaN", "2026-11-30", "2026-11-30 01:02:03", "-", "- a", "a: b", "a:b", "a #b", "#x", "@x", "`x", "!x", "&a", "*a",
  "|", ">", "%x", "'", '"', "\\", "a\nb", "a\r\nb", "a\tb", "\u0085", "a\u2028b", "\u2029", "\ufeff", "\u0000", "a\u0007b", "\u007f", "\u0080",
  "\u009f", "香港 01", "日本 · IPLC", "emoji 🚀", "x,y", "[a]", "{a}", "? x", "=", "<<", "http://a.b/c?d=e&f", "/ws?ed=2048", "h2", "http/1.1",
  "aes-128-gcm", "2022-blake3-aes-128-gcm", "a b", "a  b", "a_b.c/d-e", "e1", "E-5", "e1_0", "E", "x:", ":x", "a' b", 'a" b',
];

describe("yaml-emit", () => {
  it.each(TRICKY.map((s) => [JSON.stringify(s), s]))("writes %s so that both YAML versions read it back as that string", (_, s) => {
    const text = emitYaml({ [s]: s, list: [s], nested: { value: s } });
    for (const version of ["1.1", "1.2"] as const) expect(back(text, version)).toEqual({ [s]: s, list: [s], nested: { value: s } });
  });

  it("round-trips random strings made of the characters YAML gives meaning to", () => {
    const pool = ["a", "e", "E", "Z", "0", "9", "_", " ", ":", "#", "-", "?", ",", "[", "]", "{", "}", "&", "*", "!", "|", ">", "'", '"', "%", "@", "`", ".", "/", "\\", "\n", "\t", "\u0085", "\u2028", "é", "中", "🚀", "~", "=", "<"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) {
      const s = Array.from({ length: 1 + Math.floor(next() * 8) }, () => pool[Math.floor(next() * pool.length)]).join("");
      const doc = { name: s, items: [s, { name: s }] };
      const text = emitYaml(doc);
      expect(back(text, "1.1"), text).toEqual(doc);
      expect(back(text, "1.2"), text).toEqual(doc);
    }
  });

  it("writes a profile's shapes: numbers, booleans, sequences of objects and strings, nested and empty ones", () => {
    const doc = {
      "mixed-port": 7890,
      "allow-lan": false,
      proxies: [
        { name: "HK 01", type: "vless", port: 443, udp: true, alpn: ["h2", "http/1.1"], "ws-opts": { path: "/", headers: { Host: "a.example" } }, "reality-opts": {} },
        { name: "JP", type: "ss", ratio: 0.5 },
      ],
      "proxy-groups": [{ name: "Auto", type: "url-test", proxies: [], interval: 300 }],
      rules: ["IP-CIDR,10.0.0.0/8,DIRECT,no-resolve", "MATCH,Proxy"],
      empty: {},
      skipped: undefined,
    };
    const text = emitYaml(doc);
    const { skipped: _, ...expected } = doc;
    expect(back(text, "1.1")).toEqual(expected);
    expect(back(text, "1.2")).toEqual(expected);
    // Block style, two spaces per level, readable names bare.
    expect(text.split("\n").slice(0, 5)).toEqual(["mixed-port: 7890", "allow-lan: false", "proxies:", "  - name: HK 01", "    type: vless"]);
  });

  it("refuses what it has no writing for, rather than writing something else", () => {
    expect(() => emitYaml({ a: null })).toThrow(TypeError);
    expect(() => emitYaml({ a: Number.NaN })).toThrow(TypeError);
    expect(() => emitYaml({ a: [[1]] })).toThrow(TypeError);
  });
});
