// Subscription response headers (protocols.md §7): values parsed back as a client would, and hostile
// titles (quotes, CR/LF, non-ASCII, lone surrogates) that must not break out of a header or parameter.
import { validateHeaderName, validateHeaderValue } from "node:http";
import { describe, expect, it } from "vitest";
import { contentDisposition, contentHeaders, type ContentHeaderInput } from "../../src/server/services/subscription-content/headers";

const base: ContentHeaderInput = {
  title: "Relay · Pro",
  filenameBase: "Relay · Pro",
  extension: "yaml",
  upload: 1024,
  download: 5 * 1024 ** 3,
  total: 100 * 1024 ** 3,
  expireAt: new Date("2030-01-02T03:04:05.678Z"),
  updateIntervalHours: 12,
  webPageUrl: "https://sub.example.com/api/subscription/abc?token=t0k",
  supportUrl: "https://t.me/relay_support",
};

/** Parameters of a content-disposition value, split the way a strict parser does. */
function dispositionParams(value: string): Record<string, string> {
  const [kind, ...rest] = value.split(/;\s*/);
  expect(kind).toBe("attachment");
  const out: Record<string, string> = {};
  for (const part of rest) {
    const m = /^([a-z*]+)=(?:"([^"\\]*)"|(\S+))$/i.exec(part);
    expect(m, `bad parameter ${part}`).not.toBeNull();
    out[m![1]!] = m![2] ?? m![3]!;
  }
  return out;
}

function expectSendable(headers: Record<string, string>) {
  for (const [k, v] of Object.entries(headers)) {
    expect(() => validateHeaderName(k)).not.toThrow();
    expect(() => validateHeaderValue(k, v)).not.toThrow();
    expect(v).not.toMatch(/[\r\n\0]/);
    // Only printable ASCII: Node accepts latin-1 too, but clients decode it inconsistently.
    expect(v).toMatch(/^[\x20-\x7e]*$/);
  }
}

describe("contentHeaders", () => {
  it("writes every header clients read", () => {
    const h = contentHeaders(base);
    expect(h["subscription-userinfo"]).toBe(`upload=1024; download=${5 * 1024 ** 3}; total=${100 * 1024 ** 3}; expire=${Math.floor(base.expireAt!.getTime() / 1000)}`);
    expect(h["profile-update-interval"]).toBe("12");
    expect(h["profile-title"]).toBe(`base64:${Buffer.from("Relay · Pro").toString("base64")}`);
    expect(Buffer.from(h["profile-title"]!.slice(7), "base64").toString("utf8")).toBe("Relay · Pro");
    expect(h["profile-web-page-url"]).toBe(base.webPageUrl);
    expect(h["support-url"]).toBe(base.supportUrl);
    expect(h["cache-control"]).toBe("no-store");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(dispositionParams(h["content-disposition"]!)).toEqual({ filename: "Relay _ Pro.yaml", "filename*": "UTF-8''Relay%20%C2%B7%20Pro.yaml" });
    expectSendable(h);
  });

  it("userinfo: never-expiring omits expire; unlimited is total=0; odd numbers are clamped to whole bytes", () => {
    const h = contentHeaders({ ...base, expireAt: null, total: 0, upload: -5, download: 12.9 });
    expect(h["subscription-userinfo"]).toBe("upload=0; download=12; total=0");
    const parsed = Object.fromEntries(h["subscription-userinfo"]!.split("; ").map((kv) => kv.split("=")));
    expect(Object.keys(parsed)).toEqual(["upload", "download", "total"]);
  });

  it("large byte counts stay plain integers", () => {
    const h = contentHeaders({ ...base, download: 2 ** 53 - 1, total: 10 * 1024 ** 5 });
    expect(h["subscription-userinfo"]).toContain(`download=${2 ** 53 - 1}; total=${10 * 1024 ** 5}`);
  });

  it("support-url and profile-web-page-url are left out when empty", () => {
    const h = contentHeaders({ ...base, supportUrl: "", webPageUrl: "" });
    expect(h).not.toHaveProperty("support-url");
    expect(h).not.toHaveProperty("profile-web-page-url");
  });

  it("update interval is a whole number of hours, at least 1", () => {
    expect(contentHeaders({ ...base, updateIntervalHours: 0 })["profile-update-interval"]).toBe("1");
    expect(contentHeaders({ ...base, updateIntervalHours: 24.4 })["profile-update-interval"]).toBe("24");
  });

  it("a hostile title cannot add a header or a disposition parameter", () => {
    const evil = 'x"; filename="evil.exe\r\nSet-Cookie: a=b\\';
    const h = contentHeaders({ ...base, title: evil, filenameBase: evil, webPageUrl: "https://e.com/\r\nX-Evil: 1", supportUrl: "https://e.com/ü p" });
    expectSendable(h);
    const p = dispositionParams(h["content-disposition"]!);
    expect(Object.keys(p)).toEqual(["filename", "filename*"]);
    expect(p.filename).not.toContain('"');
    expect(p.filename!.endsWith(".yaml")).toBe(true);
    expect(decodeURIComponent(p["filename*"]!.replace(/^UTF-8''/, ""))).toBe('x"; filename="evil.exe  Set-Cookie: a=b\\.yaml');
    expect(Buffer.from(h["profile-title"]!.slice(7), "base64").toString("utf8")).toBe(evil);
    expect(h["profile-web-page-url"]).toBe("https://e.com/X-Evil:%201");
    expect(h["support-url"]).toBe("https://e.com/%C3%BC%20p");
  });
});

describe("contentDisposition", () => {
  it("Chinese name: ASCII fallback plus the exact UTF-8 name in filename*", () => {
    const v = contentDisposition("中转站 专业版", "json");
    const p = dispositionParams(v);
    expect(p.filename).toBe("subscription.json");
    expect(p["filename*"]!.startsWith("UTF-8''")).toBe(true);
    expect(decodeURIComponent(p["filename*"]!.slice(7))).toBe("中转站 专业版.json");
  });

  it("RFC 5987 attr-chars only in filename* (no ' ( ) * unescaped)", () => {
    const p = dispositionParams(contentDisposition("it's (my) *plan*", "txt"));
    expect(p["filename*"]!.slice(7)).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(decodeURIComponent(p["filename*"]!.slice(7))).toBe("it's (my) *plan*.txt");
  });

  it("empty and lone-surrogate names do not throw", () => {
    expect(dispositionParams(contentDisposition("", "yaml")).filename).toBe("subscription.yaml");
    expect(() => contentDisposition("a\uD800b", "yaml")).not.toThrow();
    expectSendable(contentHeaders({ ...base, title: "a\uDC00", filenameBase: "a\uD800", supportUrl: "https://x/\uD800" }));
  });
});
