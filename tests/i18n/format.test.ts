// One way to write money, traffic and time (issue 24 item 4): the formatters every page, mail and
// notification uses (src/i18n/format.ts).
import { describe, expect, it } from "vitest";
import { formatBytes, formatDate, formatDateTime, formatGb, formatMoney, SITE_TIME_ZONE } from "@/i18n/format";

describe("formatMoney", () => {
  it("writes minor units with the narrow symbol in both languages (not CN¥, not 19.90 CNY)", () => {
    expect(formatMoney(1990, "CNY", "en")).toBe("¥19.90");
    expect(formatMoney(1990, "CNY", "zh-CN")).toBe("¥19.90");
    expect(formatMoney(5, "CNY", "en")).toBe("¥0.05");
    expect(formatMoney(0, "CNY", "zh-CN")).toBe("¥0.00");
    expect(formatMoney(-150, "CNY", "en")).toBe("-¥1.50");
    expect(formatMoney(123_456_789, "USD", "en")).toBe("$1,234,567.89");
  });

  it("follows the reader's locale where it differs", () => {
    expect(formatMoney(1990, "TWD", "en")).toBe("$19.90");
    expect(formatMoney(1990, "TWD", "zh-CN")).toBe("NT$19.90");
  });

  it("is exact on the integer amount (no float drift) and keeps two decimals", () => {
    expect(formatMoney(1999, "CNY", "en")).toBe("¥19.99");
    expect(formatMoney(100_000_000_07, "CNY", "en")).toBe("¥100,000,000.07");
  });

  it("falls back to the amount and the code for a currency Intl does not know", () => {
    expect(formatMoney(1990, "XX1", "en")).toBe("19.90 XX1");
  });
});

describe("formatBytes", () => {
  it("writes used and limit the same way (0 B / 100 GB, never 0 GB beside 0 B)", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(-5)).toBe("0 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(100 * 1024 ** 3)).toBe("100 GB");
    expect(formatBytes(12.345 * 1024 ** 3)).toBe("12.3 GB");
    expect(formatBytes(3 * 1024 ** 4)).toBe("3 TB");
    expect(formatGb(100)).toBe(formatBytes(100 * 1024 ** 3));
  });
});

describe("formatDateTime and formatDate", () => {
  const at = new Date("2026-11-28T09:53:11.633Z");
  it("write the site's time zone (Asia/Shanghai, UTC+8) in the reader's language", () => {
    expect(SITE_TIME_ZONE).toBe("Asia/Shanghai");
    expect(formatDateTime(at, "en")).toBe("Nov 28, 2026, 5:53 PM");
    expect(formatDateTime(at, "zh-CN")).toBe("2026年11月28日 17:53");
  });
  it("put a moment on the site's day, not the UTC day", () => {
    const shanghaiMidnight = new Date("2026-10-31T16:00:00Z"); // 1 November, 00:00 in Shanghai
    expect(formatDate(shanghaiMidnight, "en")).toBe("Nov 1, 2026");
    expect(formatDate(shanghaiMidnight, "zh-CN")).toBe("2026年11月1日");
  });
});
