// Golden tests: every access-log line form of protocols.md §2 / §2.1, including lines captured from
// Debian's v2ray 4.34 on this machine.
import { describe, expect, it } from "vitest";
import { isLoopback, normaliseIp, parseAccessLine, parseEndpoint } from "../../agent/src/access/parse-line";

const t = (hour: number, minute: number, second: number, millisecond = 0, date = [2024, 5, 1]) => ({
  year: date[0],
  month: date[1],
  day: date[2],
  hour,
  minute,
  second,
  millisecond,
});

const CASES: [string, string, Record<string, unknown>][] = [
  [
    "Xray, IPv4 source, routing rule (->)",
    "2024/05/01 12:00:00.123456 from 1.2.3.4:5678 accepted tcp:example.com:443 [inbound-443 -> direct] email: user@x",
    { time: t(12, 0, 0, 123), sourceIp: "1.2.3.4", sourcePort: 5678, status: "accepted", network: "tcp", targetHost: "example.com", targetPort: 443, inboundTag: "inbound-443", outboundTag: "direct", reason: "", email: "user@x" },
  ],
  [
    "Xray, IPv6 source, default outbound (>>), udp destination",
    "2024/05/01 12:00:00.223456 from [2001:db8::1]:40000 accepted udp:8.8.8.8:53 [inbound-443 >> direct] email: u2",
    { time: t(12, 0, 0, 223), sourceIp: "2001:db8::1", sourcePort: 40000, network: "udp", targetHost: "8.8.8.8", targetPort: 53, inboundTag: "inbound-443", outboundTag: "direct", email: "u2" },
  ],
  [
    "Xray, mux source with a tcp: prefix",
    "2024/05/01 12:00:01.000001 from tcp:5.6.7.8:1234 accepted tcp:www.google.com:443 [inbound-443 -> direct] email: u3",
    { time: t(12, 0, 1, 0), sourceIp: "5.6.7.8", sourcePort: 1234, network: "tcp", targetHost: "www.google.com", targetPort: 443, inboundTag: "inbound-443", email: "u3" },
  ],
  [
    "Xray, shadowsocks UDP source with a udp: prefix and IPv6 in brackets",
    "2024/05/01 12:00:01.500000 from udp:[2001:db8:1::2]:5353 accepted udp:[2606:4700::1]:443 [ss-in -> direct] email: u4",
    { sourceIp: "2001:db8:1::2", sourcePort: 5353, network: "udp", targetHost: "2606:4700::1", targetPort: 443, inboundTag: "ss-in", email: "u4" },
  ],
  [
    "Xray, forced outbound (==>)",
    "2024/05/01 12:00:01.600000 from 1.2.3.4:5679 accepted tcp:1.1.1.1:443 [inbound-443 ==> warp] email: u5",
    { sourceIp: "1.2.3.4", targetHost: "1.1.1.1", inboundTag: "inbound-443", outboundTag: "warp", email: "u5" },
  ],
  [
    "Xray, inbound without a tag: only the outbound",
    "2024/05/01 12:00:01.700000 from 1.2.3.4:5680 accepted tcp:example.net:80 [direct] email: u6",
    { inboundTag: null, outboundTag: "direct", targetHost: "example.net", targetPort: 80, email: "u6" },
  ],
  [
    "Xray, rejected: empty destination (two spaces), no email",
    "2024/05/01 12:00:02.000000 from 9.9.9.9:5555 rejected  proxy/vless/encoding: invalid request user id",
    { time: t(12, 0, 2, 0), sourceIp: "9.9.9.9", sourcePort: 5555, status: "rejected", network: null, targetHost: "", targetPort: 0, inboundTag: null, reason: "proxy/vless/encoding: invalid request user id", email: null },
  ],
  [
    "Xray, rejected with an email (trojan fallback), reason kept apart from the email",
    "2024/05/01 12:00:02.100000 from tcp:9.9.9.8:5556 rejected  proxy/trojan: not a valid user email: eve@x",
    { sourceIp: "9.9.9.8", status: "rejected", network: "tcp", targetHost: "", reason: "proxy/trojan: not a valid user", email: "eve@x" },
  ],
  [
    "Xray, 3x-ui API traffic",
    "2026/04/29 09:16:07.001315 from 127.0.0.1:43702 accepted tcp:127.0.0.1:62789 [api -> api]",
    { time: t(9, 16, 7, 1, [2026, 4, 29]), sourceIp: "127.0.0.1", inboundTag: "api", outboundTag: "api", email: null, targetHost: "127.0.0.1", targetPort: 62789 },
  ],
  [
    "Xray, built-in DNS client: the source is not an address",
    "2024/05/01 12:00:03.000000 from DNS accepted udp:1.1.1.1:53 [dns-out]",
    { sourceIp: null, sourcePort: null, network: "udp", targetHost: "1.1.1.1", outboundTag: "dns-out", email: null },
  ],
  [
    "Xray, IPv4-mapped IPv6 source is reported as IPv4",
    "2024/05/01 12:00:04.000000 from [::ffff:203.0.113.9]:1000 accepted tcp:example.com:443 [in -> out] email: u7",
    { sourceIp: "203.0.113.9", sourcePort: 1000, email: "u7" },
  ],
  [
    "Xray, email with spaces kept whole",
    "2024/05/01 12:00:05.000000 from 1.2.3.4:1 accepted tcp:a.b:1 [in -> out] email: Zhang San-01",
    { email: "Zhang San-01" },
  ],
  [
    "v2ray 4.34 (captured): no from, no microseconds, outbound tag only",
    "2026/11/25 16:40:49 127.0.0.1:53200 accepted tcp:127.0.0.1:18600 [direct] email: alice@example.com-abcd1234",
    { time: t(16, 40, 49, 0, [2026, 11, 25]), sourceIp: "127.0.0.1", sourcePort: 53200, status: "accepted", network: "tcp", targetHost: "127.0.0.1", targetPort: 18600, inboundTag: null, outboundTag: "direct", email: "alice@example.com-abcd1234" },
  ],
  [
    "v2ray 4.34 (captured): IPv6 destination",
    "2026/11/25 16:40:49 127.0.0.1:53232 accepted tcp:[::1]:18600 [direct] email: alice@example.com-abcd1234",
    { targetHost: "::1", targetPort: 18600, email: "alice@example.com-abcd1234" },
  ],
  [
    "v2ray 4.34 (protocols.md §2.1): no detour at all",
    "2026/11/22 07:16:53 127.0.0.1:57838 accepted tcp:127.0.0.1:18099 email: alice@example.com-abcd1234",
    { time: t(7, 16, 53, 0, [2026, 11, 22]), sourceIp: "127.0.0.1", targetHost: "127.0.0.1", targetPort: 18099, inboundTag: null, outboundTag: null, email: "alice@example.com-abcd1234" },
  ],
  [
    "v2ray 4.34 (captured): rejected",
    "2026/11/25 16:40:56 127.0.0.1:51044 rejected  v2ray.com/core/proxy/vless/encoding: invalid request user id",
    { sourceIp: "127.0.0.1", status: "rejected", targetHost: "", reason: "v2ray.com/core/proxy/vless/encoding: invalid request user id", email: null },
  ],
  [
    "v2ray 4, public IPv6 client, domain destination",
    "2026/11/25 16:41:00 [2400:cb00:2049:1::a29f:1804]:61234 accepted tcp:www.baidu.com:443 [direct] email: carol@example.com-ffff0000",
    { sourceIp: "2400:cb00:2049:1::a29f:1804", sourcePort: 61234, targetHost: "www.baidu.com", targetPort: 443, email: "carol@example.com-ffff0000" },
  ],
  [
    "CRLF line ending",
    "2024/05/01 12:00:06.000000 from 1.2.3.4:2 accepted tcp:a.b:2 [in -> out] email: crlf@x\r",
    { email: "crlf@x", targetPort: 2 },
  ],
];

describe("access-log line parser", () => {
  it.each(CASES)("%s", (_name, line, expected) => {
    const parsed = parseAccessLine(line);
    expect(parsed).not.toBeNull();
    expect(parsed).toMatchObject(expected);
  });

  it("refuses lines that are not access-log lines", () => {
    for (const line of ["", "hello", "2024/05/01 12:00:00 [Warning] core: Xray 1.8.4 started", "2024/05/01 12:00:00.1 from 1.2.3.4:1 connected tcp:a:1"]) {
      expect(parseAccessLine(line)).toBeNull();
    }
  });

  it("reads endpoints in every written form", () => {
    expect(parseEndpoint("tcp:example.com:443")).toEqual({ network: "tcp", host: "example.com", port: 443 });
    expect(parseEndpoint("udp:[2606:4700::1]:53")).toEqual({ network: "udp", host: "2606:4700::1", port: 53 });
    expect(parseEndpoint("[2001:db8::1]:40000")).toEqual({ network: null, host: "2001:db8::1", port: 40000 });
    expect(parseEndpoint("1.2.3.4:5678")).toEqual({ network: null, host: "1.2.3.4", port: 5678 });
    expect(parseEndpoint("2001:db8::5")).toEqual({ network: null, host: "2001:db8::5", port: null });
    expect(normaliseIp("2001:DB8::1")).toBe("2001:db8::1");
    expect(normaliseIp("1.2.*.*")).toBeNull();
    expect(isLoopback("127.0.0.2")).toBe(true);
    expect(isLoopback("::1")).toBe(true);
    expect(isLoopback("128.0.0.1")).toBe(false);
  });
});
