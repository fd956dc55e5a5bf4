import { describe, expect, it } from "vitest";
import { parseTrustedProxies, resolveClientIp } from "../../src/server/http/client-ip";

const none = parseTrustedProxies(undefined);
const proxies = parseTrustedProxies("10.0.0.0/8, 192.168.1.5, fd00::/8, ::1");

describe("resolveClientIp", () => {
  it("uses the socket peer and ignores X-Forwarded-For from an untrusted peer", () => {
    expect(resolveClientIp("203.0.113.7", "1.2.3.4", none)).toBe("203.0.113.7");
    expect(resolveClientIp("203.0.113.7", "1.2.3.4", proxies)).toBe("203.0.113.7");
    expect(resolveClientIp("11.0.0.1", "1.2.3.4", proxies)).toBe("11.0.0.1"); // just outside 10/8
  });

  it("behind a trusted proxy, walks X-Forwarded-For from the right to the first untrusted hop", () => {
    expect(resolveClientIp("10.1.2.3", "198.51.100.9", proxies)).toBe("198.51.100.9");
    // the client forged its own left-most entry: the proxy-appended one wins
    expect(resolveClientIp("10.1.2.3", "6.6.6.6, 198.51.100.9, 192.168.1.5", proxies)).toBe("198.51.100.9");
    expect(resolveClientIp("192.168.1.5", "198.51.100.9,10.9.9.9", proxies)).toBe("198.51.100.9");
  });

  it("falls back sensibly when the header is missing, garbage, or all trusted", () => {
    expect(resolveClientIp("10.1.2.3", undefined, proxies)).toBe("10.1.2.3");
    expect(resolveClientIp("10.1.2.3", "not-an-ip, also bad", proxies)).toBe("10.1.2.3");
    expect(resolveClientIp("10.1.2.3", "10.0.0.9, 10.0.0.8", proxies)).toBe("10.0.0.9");
    expect(resolveClientIp(undefined, "1.2.3.4", proxies)).toBeUndefined();
  });

  it("maps IPv4-mapped IPv6 peers and hops to IPv4", () => {
    expect(resolveClientIp("::ffff:10.1.2.3", "::ffff:198.51.100.9", proxies)).toBe("198.51.100.9");
    expect(resolveClientIp("::ffff:203.0.113.7", undefined, none)).toBe("203.0.113.7");
  });

  it("handles IPv6 proxies and clients with CIDR ranges", () => {
    expect(resolveClientIp("fd12::1", "2001:db8::42", proxies)).toBe("2001:db8::42");
    expect(resolveClientIp("::1", "2001:db8::42, fd00::5", proxies)).toBe("2001:db8::42");
    expect(resolveClientIp("fe80::1", "2001:db8::42", proxies)).toBe("fe80::1"); // not in fd00::/8
  });
});

describe("parseTrustedProxies", () => {
  it("refuses entries that are not addresses", () => {
    expect(() => parseTrustedProxies("10.0.0.0/8, proxy.local")).toThrow(/TRUSTED_PROXIES: "proxy.local"/);
  });

  it("accepts an empty list (trust nobody)", () => {
    expect(resolveClientIp("127.0.0.1", "1.2.3.4", parseTrustedProxies(" , "))).toBe("127.0.0.1");
  });
});
