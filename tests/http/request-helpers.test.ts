import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, REQUEST_ID_HEADER } from "../../src/server/http/client-ip";
import { readJson } from "../../src/server/http/read-json";
import { negotiateLocale, requestMeta } from "../../src/server/http/request-meta";

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://app.test/api/x", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

/** A chunked upload without Content-Length that never ends on its own: counts the chunks pulled. */
function endlessBody() {
  const pulled = { chunks: 0, cancelled: false };
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      pulled.chunks++;
      c.enqueue(chunk);
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  const req = new Request("http://app.test/api/x", { method: "POST", body, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit);
  return { req, pulled };
}

describe("readJson", () => {
  it("parses a JSON body", async () => {
    expect(await readJson(post('{"a":1,"b":["x"]}'))).toEqual({ a: 1, b: ["x"] });
  });

  it.each([
    ["malformed", "{nope"],
    ["empty", ""],
    ["whitespace", "   \n"],
  ])("answers VALIDATION for a %s body", async (_, body) => {
    await expect(readJson(post(body))).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("answers PAYLOAD_TOO_LARGE from the declared length before reading", async () => {
    const req = post("{}", { "content-length": String(10_000_000) });
    await expect(readJson(req, 1024)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("answers PAYLOAD_TOO_LARGE from the real size, counting bytes not characters", async () => {
    await expect(readJson(post(JSON.stringify({ s: "x".repeat(2000) })), 1024)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const cjk = JSON.stringify({ s: "中".repeat(400) }); // ~410 characters, ~1210 bytes
    await expect(readJson(post(cjk), 1024)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(await readJson(post(cjk), 2048)).toEqual({ s: "中".repeat(400) });
  });

  it("stops reading a chunked body without Content-Length at the cap (several MB offered)", async () => {
    const { req, pulled } = endlessBody();
    await expect(readJson(req, 64 * 1024)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    // At most the chunk that crossed the cap plus the stream's read-ahead: never the whole upload.
    expect(pulled.chunks).toBeLessThanOrEqual(4);
    expect(pulled.cancelled).toBe(true);
  });

  it.each(["text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])("refuses %s as UNSUPPORTED_MEDIA_TYPE", async (type) => {
    await expect(readJson(post('{"a":1}', { "content-type": type }))).rejects.toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("accepts application/json with a charset and +json types", async () => {
    expect(await readJson(post('{"a":1}', { "content-type": "application/json; charset=utf-8" }))).toEqual({ a: 1 });
    expect(await readJson(post('{"a":1}', { "content-type": "application/merge-patch+json" }))).toEqual({ a: 1 });
  });
});

describe("negotiateLocale", () => {
  it("prefers the locale cookie", () => {
    expect(negotiateLocale("en", "zh-CN,zh;q=0.9")).toBe("en");
    expect(negotiateLocale("zh-CN", "en-US")).toBe("zh-CN");
  });

  it("follows Accept-Language by quality, mapping regional variants", () => {
    expect(negotiateLocale(undefined, "en-US,en;q=0.9")).toBe("en");
    expect(negotiateLocale(undefined, "zh-TW")).toBe("zh-CN");
    expect(negotiateLocale(undefined, "zh;q=0.3, en-GB;q=0.8")).toBe("en");
    expect(negotiateLocale(undefined, "fr-FR, de;q=0.9, en;q=0.5")).toBe("en");
  });

  it("defaults to zh-CN for unknown cookies and languages", () => {
    expect(negotiateLocale("de", "fr")).toBe("zh-CN");
    expect(negotiateLocale(undefined, null)).toBe("zh-CN");
    expect(negotiateLocale(undefined, "")).toBe("zh-CN");
  });
});

describe("requestMeta", () => {
  it("reads the request id and client IP stamped by the server", () => {
    const h = new Headers({ [REQUEST_ID_HEADER]: "req-1", [CLIENT_IP_HEADER]: "203.0.113.5" });
    expect(requestMeta(h)).toEqual({ requestId: "req-1", ip: "203.0.113.5" });
  });

  it("makes up a request id when there is none and leaves the IP unknown", () => {
    const m = requestMeta(new Headers());
    expect(m.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(m.ip).toBeUndefined();
  });
});
