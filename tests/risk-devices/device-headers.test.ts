// Parsing of the device headers (protocols §8.5): which hardware ids count, and how the labels a
// client sends about itself are cleaned before they are stored or shown.
import { describe, expect, it } from "vitest";
import { cleanDeviceText, parseDeviceHeaders, parseHwid, readDeviceHeaders } from "../../src/server/services/risk/device-headers";

describe("x-hwid", () => {
  it("accepts ids clients send: hex, UUIDs, base64 with padding, MAC-style, 6 to 128 characters, trimmed", () => {
    for (const id of ["a1b2c3", "0123456789abcdef", "550e8400-e29b-41d4-a716-446655440000", "QUJDREVGR0g=", "AbC_dEf-123+x==", "aa:bb:cc:dd:ee:ff", "x".repeat(128)]) {
      expect(parseHwid(id), id).toBe(id);
    }
    expect(parseHwid("  abcdef123  ")).toBe("abcdef123");
  });

  it("treats short, long, empty or odd ids as no id at all", () => {
    for (const id of [null, undefined, "", "     ", "abc12", "x".repeat(129), "abc def 123", "abc/def/123", "abc\u0000defgh", "héllo-wörld", "<script>x</script>", "a;b;c;d;e;f"]) {
      expect(parseHwid(id), String(id)).toBeNull();
    }
  });
});

describe("device labels", () => {
  it("removes control and direction-override characters, trims, and cuts to 120 characters", () => {
    expect(cleanDeviceText("  Pixel\u0000 8\u001b[31m Pro\t ")).toBe("Pixel 8[31m Pro");
    expect(cleanDeviceText("iPhone\u202e15")).toBe("iPhone15");
    expect(cleanDeviceText("a".repeat(300))).toHaveLength(120);
    expect(cleanDeviceText(null)).toBe("");
    // Cut by characters, not UTF-16 units: an emoji at the edge is kept whole or dropped, never halved.
    const cut = cleanDeviceText("x".repeat(119) + "📱📱");
    expect(Array.from(cut)).toHaveLength(120);
    expect(cut.endsWith("📱")).toBe(true);
  });

  it("parses the four headers and the user agent; a missing header is an empty label", () => {
    const d = parseDeviceHeaders({ hwid: " device-123456 ", deviceOs: "Android", osVersion: " 14 ", deviceModel: "Pixel 8\n" }, "Happ/3.1.0\r\n");
    expect(d).toEqual({ hwid: "device-123456", deviceOs: "Android", osVersion: "14", deviceModel: "Pixel 8", userAgent: "Happ/3.1.0" });
    expect(parseDeviceHeaders(undefined, "v2rayNG/1.9")).toEqual({ hwid: null, deviceOs: "", osVersion: "", deviceModel: "", userAgent: "v2rayNG/1.9" });
    expect(parseDeviceHeaders({}, "u".repeat(500)).userAgent).toHaveLength(300);
  });

  it("reads the headers by their wire names from a Fetch API Headers object", () => {
    const h = new Headers({ "X-HWID": "abcdef123", "X-Device-OS": "iOS", "X-Ver-OS": "17.4", "X-Device-Model": "iPhone15,2" });
    expect(readDeviceHeaders((n) => h.get(n))).toEqual({ hwid: "abcdef123", deviceOs: "iOS", osVersion: "17.4", deviceModel: "iPhone15,2" });
    expect(readDeviceHeaders(() => null)).toEqual({ hwid: null, deviceOs: null, osVersion: null, deviceModel: null });
  });
});
