// Table-driven tests of the pure route classifier (behaviour §9) and hop normalization.
import { describe, expect, it } from "vitest";
import { classifyRoute, hopCountOf, normalizeHops, tokenize, type RouteLabel } from "../../src/server/services/telemetry";

type H = { hop?: unknown; ip?: unknown; asn?: unknown; owner?: unknown; isp?: unknown; latency?: unknown; geo?: unknown };
let ipSeq = 1;
/** A hop with a fresh, neutral public IP unless one is given. */
const hop = (h: H): H => ({ ip: `198.51.100.${ipSeq++ % 250}`, ...h });
const as = (asn: unknown, extra: H = {}) => hop({ asn, ...extra });
const at = (ip: string, extra: H = {}) => hop({ ip, ...extra });
const times = (n: number, make: () => H) => Array.from({ length: n }, make);

const vpsLeg = () => [as("AS25820"), as("AS25820")];
/** Provincial ChinaNet hops, where every telecom trace ends: AS4134 but not the 163 backbone. */
const chinaNetTail = () => [as("AS4134", { ip: "61.152.1.1" }), as("AS4134", { ip: "101.95.1.1" })];
/** Hops on the ChinaNet 163 backbone, 202.97.0.0/16. */
const backbone = (n: number) => times(n, () => at(`202.97.${ipSeq++ % 250}.1`, { asn: "AS4134" }));

const table: [string, H[], RouteLabel][] = [
  // 1. CN2: GIA when the text says GIA or at most one hop is on the ChinaNet 163 *backbone*
  //    (202.97.0.0/16 or CHINANET/163 BACKBONE text); provincial AS4134 hops never count (§9).
  ["AS4809 end to end", [...vpsLeg(), as("AS4809"), as("AS4809"), as("AS4809")], "CN2 GIA"],
  ["59.43.0.0/16 hop IP without ASN", [...vpsLeg(), at("59.43.246.1"), at("59.43.180.9")], "CN2 GIA"],
  ["CTGNET owner text", [...vpsLeg(), hop({ owner: "CTGNET-HK backbone" })], "CN2 GIA"],
  ["CN2 with one provincial AS4134 hop", [...vpsLeg(), as("AS4809"), as("AS4134", { ip: "61.152.1.1" })], "CN2 GIA"],
  ["CN2 then a long provincial AS4134 tail (the target is one too)", [...vpsLeg(), as("AS4809"), at("59.43.2.2"), ...chinaNetTail(), ...times(4, () => as("AS4134"))], "CN2 GIA"],
  ["CN2, one 202.97 backbone hop, provincial hops", [...vpsLeg(), as("AS4809"), at("202.97.50.1", { asn: "AS4134" }), ...chinaNetTail()], "CN2 GIA"],
  ["CN2, one backbone hop by text, provincial hops", [...vpsLeg(), as("AS4809"), as("AS4134", { owner: "CHINANET-BACKBONE" }), ...chinaNetTail()], "CN2 GIA"],
  ["CN2 with two 202.97 backbone hops", [...vpsLeg(), as("AS4809"), at("202.97.50.1"), at("202.97.33.9")], "CN2 GT"],
  ["CN2 with 163 backbone hops and a provincial tail", [...vpsLeg(), as("4809"), at("202.97.1.1"), at("202.97.2.2"), ...chinaNetTail()], "CN2 GT"],
  ["CN2 with two backbone hops by text", [...vpsLeg(), as("AS4809"), as("AS4134", { owner: "ChinaNet Backbone" }), as("AS4134", { isp: "China Telecom 163 backbone" }), ...chinaNetTail()], "CN2 GT"],
  ["202.97 hop filed under AS4809 is still backbone", [...vpsLeg(), as("AS4809"), at("202.97.1.1", { asn: "AS4809" }), at("202.97.2.2", { asn: "AS4809" })], "CN2 GT"],
  ["backbone text on CN2 hops does not count", [...vpsLeg(), at("59.43.1.1", { owner: "CHINANET BACKBONE" }), as("AS4809", { owner: "CHINANET BACKBONE" })], "CN2 GIA"],
  ["provincial ChinaNet text is not backbone", [...vpsLeg(), as("AS4809"), ...times(3, () => as("AS4134", { owner: "CHINANET Shanghai province network" }))], "CN2 GIA"],
  ["BACKBONE alone is not the 163 backbone", [...vpsLeg(), as("AS4809"), ...times(3, () => as("AS4134", { owner: "China Telecom backbone" }))], "CN2 GIA"],
  ["CHINANET in owner and BACKBONE in ISP is no phrase", [...vpsLeg(), as("AS4809"), ...times(3, () => as("AS4134", { owner: "ChinaNet", isp: "backbone" }))], "CN2 GIA"],
  ["CHINANETBACKBONE is not the phrase", [...vpsLeg(), as("AS4809"), ...times(3, () => as("AS4134", { owner: "CHINANETBACKBONE" }))], "CN2 GIA"],
  ["CN2 GT path whose text says GIA", [...vpsLeg(), as("AS4809", { owner: "China Telecom CN2 GIA" }), ...backbone(3)], "CN2 GIA"],
  ["compound CN2GIA token", [...vpsLeg(), hop({ isp: "ChinaTelecom CN2GIA" }), ...backbone(3)], "CN2 GIA"],
  ["hyphenated CN2-GIA", [...vpsLeg(), hop({ owner: "CN2-GIA" }), ...backbone(3)], "CN2 GIA"],
  ["GEORGIA is not GIA", [...vpsLeg(), as("AS4809", { owner: "GEORGIA Tech transit" }), ...backbone(3)], "CN2 GT"],
  ["59.43 hop filed under AS4134 is CN2, not ordinary 163", [...vpsLeg(), at("59.43.1.1", { asn: "AS4134" }), at("59.43.2.2", { asn: "AS4134" }), as("AS4134")], "CN2 GIA"],
  ["ACN2 is not CN2", [...vpsLeg(), hop({ owner: "ACN2 Networks" }), ...times(3, () => as("AS4134"))], "163"],
  // 2. AS9929
  ["AS9929", [...vpsLeg(), as("AS9929"), as("AS9929")], "AS9929"],
  ["AS10099", [...vpsLeg(), as("AS10099")], "AS9929"],
  ["CUII text, any case", [...vpsLeg(), hop({ isp: "China Unicom cuii" })], "AS9929"],
  ["CUIIX is not CUII", [...vpsLeg(), hop({ isp: "CUIIX" }), as("AS9808"), as("AS9808")], "Ordinary"],
  // 3. CMIN2
  ...[58807, 58809, 58813, 58819, 59807].map((n): [string, H[], RouteLabel] => [`AS${n}`, [...vpsLeg(), as(`AS${n}`), as("AS9808")], "CMIN2"]),
  ["CMIN2 text", [...vpsLeg(), hop({ owner: "China Mobile CMIN2" })], "CMIN2"],
  ["CMIN2 beats CMI", [...vpsLeg(), as("AS58453"), as("AS58807")], "CMIN2"],
  // 4. CMI
  ["AS58453", [...vpsLeg(), as("AS58453"), as("AS9808")], "CMI"],
  ["CMI-INT text", [...vpsLeg(), hop({ owner: "CMI-INT" }), as("AS9808")], "CMI"],
  ["ACMI is not CMI", [...vpsLeg(), hop({ owner: "ACMI Corp" }), as("AS9808"), as("AS9808"), as("AS9808")], "Ordinary"],
  // 5. AS4837
  ["AS4837", [...vpsLeg(), as("AS4837"), as("AS4837"), as("AS4808")], "AS4837"],
  ["lower-case as4837", [...vpsLeg(), as("as4837")], "AS4837"],
  // 6. 163 or ordinary
  ["ChinaNet 163 by ASN dominates", [...vpsLeg(), as("AS3356"), ...times(4, () => as("AS4134"))], "163"],
  ["ChinaNet 163 by 202.97 IPs", [...vpsLeg(), at("202.97.12.1"), at("202.97.33.5"), at("202.97.88.2")], "163"],
  ["ChinaNet 163 by backbone text", [...vpsLeg(), ...times(3, () => hop({ owner: "CHINANET BACKBONE" }))], "163"],
  ["163 is a minority", [...times(4, () => as("AS3356")), as("AS4134")], "Ordinary"],
  ["China Mobile CMNET", [...vpsLeg(), ...times(4, () => as("AS9808"))], "Ordinary"],
  ['"163" in text is not evidence', [...vpsLeg(), hop({ owner: "ChinaNet 163" })], "Ordinary"],
  ["private hops only", [at("10.0.0.1"), at("192.168.1.1")], "Ordinary"],
  ["no hops", [], "Unknown"],
  ["timeouts only", [{ hop: 1, ip: "*" }, { hop: 2 }], "Unknown"],
  // Priority between rules
  ["CN2 beats AS9929", [as("AS9929"), as("AS4809")], "CN2 GIA"],
  ["AS9929 beats CMI", [as("AS58453"), as("AS9929")], "AS9929"],
  ["CMI beats AS4837", [as("AS4837"), as("AS58453")], "CMI"],
  ["AS4837 beats 163", [...times(5, () => as("AS4134")), as("AS4837")], "AS4837"],
];

describe("classifyRoute", () => {
  it.each(table)("%s", (_, hops, label) => {
    expect(classifyRoute(hops)).toBe(label);
  });

  it.each([["AS4809"], ["4809"], ["as4809"], [4809], ["AS4134/AS4809"]])("reads ASN field %s as AS4809", (asn) => {
    expect(classifyRoute([...vpsLeg(), as(asn)])).toBe("CN2 GIA");
  });

  it("reads an explicit AS token in owner text", () => {
    expect(classifyRoute([...vpsLeg(), hop({ owner: "AS9929 China Unicom" })])).toBe("AS9929");
  });

  it("ignores anything that is not an array of hops", () => {
    expect(classifyRoute("CN2 GIA")).toBe("Unknown");
    expect(classifyRoute(null)).toBe("Unknown");
  });
});

describe("tokenize", () => {
  it("splits on non-alphanumerics, upper-cases, keeps whole tokens", () => {
    expect(tokenize("cn2-gia/CTGNET  georgia_acmi 中国电信CN2")).toEqual(["CN2", "GIA", "CTGNET", "GEORGIA", "ACMI", "CN2"]);
  });
});

describe("normalizeHops", () => {
  it("coerces types and fills what is missing", () => {
    const [h] = normalizeHops([{ hop: "3", ip: " 202.97.1.1 ", latency: "12.345", asn: 4134, owner: "ChinaNet\n", isp: null, geo: "CN" }]);
    expect(h).toEqual({ hop: 3, ip: "202.97.1.1", latency: 12.35, asn: "AS4134", owner: "ChinaNet", isp: "", geo: "CN" });
  });

  it("drops junk and timeouts, sorts by hop, falls back to the position", () => {
    const hops = normalizeHops([null, "1 10.0.0.1", [1], { hop: 4, ip: "1.1.1.1" }, { ip: "*" }, { hop: "x", ip: "8.8.8.8" }, { hop: 2, ip: "not-an-ip", asn: "AS3356" }]);
    expect(hops.map((h) => [h.hop, h.ip, h.asn])).toEqual([
      [2, "", "AS3356"],
      [4, "1.1.1.1", ""],
      [6, "8.8.8.8", ""],
    ]);
    expect(hopCountOf(hops)).toBe(6);
  });

  it("refuses absurd numbers and caps length", () => {
    const [h] = normalizeHops([{ hop: 999, ip: "1.1.1.1", latency: -5, asn: "ASX" }]);
    expect(h).toMatchObject({ hop: 1, latency: 0, asn: "" });
    expect(normalizeHops(Array.from({ length: 80 }, (_, i) => ({ hop: i + 1, ip: "1.1.1.1" })))).toHaveLength(64);
    expect(normalizeHops({ hops: [] })).toEqual([]);
  });

  it("is idempotent, so stored hops survive re-normalization on read", () => {
    const once = normalizeHops([{ hop: "1", ip: "59.43.1.1", asn: "as4809", latency: 3 }, { hop: 2, ip: "202.97.1.1", asn: "4134" }]);
    expect(normalizeHops(once)).toEqual(once);
  });
});
