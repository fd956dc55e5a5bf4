// Hostile and malformed requests against the real server: each gets a clear 4xx with the error
// body, never a 5xx or a stack trace (issue 6, item 12: each of these was a 500 before).
import { expect, test } from "@playwright/test";
import { ADMIN, asClient, clientIp } from "./helpers";
import { rawRequest, rawSocket, serverActionId, type RawReply } from "./raw-request";

const errorCode = (r: RawReply) => (JSON.parse(r.body) as { error: { code: string } }).error.code;
const noStack = (r: RawReply) => expect(r.body).not.toMatch(/at .*\.(js|ts):\d+/);
const viaProxy = (headers: Record<string, string> = {}) => ({ "x-forwarded-for": clientIp(), ...headers });

test("unsupported methods are 405 with the error body", async () => {
  for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
    for (const path of ["/api/health", "/login", "/api/auth/register"]) {
      const r = await rawRequest({ method, path, headers: viaProxy() });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(errorCode(r)).toBe("METHOD_NOT_ALLOWED");
    }
  }
});

test("broken percent-encoding in a path is 400", async () => {
  for (const path of ["/admin/nodes/%E0%A4%A", "/api/admin/nodes/%zz/inbounds", "/%", "/login%00"]) {
    const r = await rawRequest({ path, headers: viaProxy() });
    expect(r.status, path).toBe(400);
    noStack(r);
  }
});

test("JSON endpoints: NUL characters are 400, other content types 415, chunked oversize 413", async () => {
  const nul = await rawRequest({ method: "POST", path: "/api/auth/register", headers: viaProxy({ "content-type": "application/json" }), body: '{"email":"nul@e2e.test","password":"password-123","name":"a\\u0000b"}' });
  expect(nul.status).toBe(400);
  expect(errorCode(nul)).toBe("VALIDATION");

  const form = await rawRequest({ method: "POST", path: "/api/auth/register", headers: viaProxy({ "content-type": "application/x-www-form-urlencoded" }), body: "email=a%40b.co" });
  expect(form.status).toBe(415);
  expect(errorCode(form)).toBe("UNSUPPORTED_MEDIA_TYPE");

  const big = await rawRequest({ method: "POST", path: "/api/auth/register", headers: viaProxy({ "content-type": "application/json" }), body: `{"name":"${"x".repeat(4 * 1024 * 1024)}"}`, chunked: true });
  expect(big.status).toBe(413);
  expect(errorCode(big)).toBe("PAYLOAD_TOO_LARGE");

  const agent = await rawRequest({ method: "POST", path: "/api/agent/latency", headers: viaProxy({ "content-type": "application/json" }), body: "x".repeat(3 * 1024 * 1024), chunked: true });
  expect(agent.status).toBe(401); // the caller is checked before a byte of the body is read
});

test("next-auth: GET on the credentials callback is 405; an oversized login form 413", async () => {
  const get = await rawRequest({ path: "/api/auth/callback/credentials", headers: viaProxy() });
  expect(get.status).toBe(405);
  const big = await rawRequest({ method: "POST", path: "/api/auth/callback/credentials", headers: viaProxy({ "content-type": "application/x-www-form-urlencoded" }), body: `email=${"a".repeat(100_000)}`, chunked: true });
  expect(big.status).toBe(413);
});

test("Server Actions: cross-origin 403, unsized 411, oversized 413, undecodable 400", async () => {
  const port = Number(process.env.E2E_PORT ?? 3123);
  const id = serverActionId("requestPasswordResetAction");
  const headers = (extra: Record<string, string>) => viaProxy({ "next-action": id, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", ...extra });
  const origin = `http://127.0.0.1:${port}`;

  const cross = await rawRequest({ method: "POST", path: "/forgot-password", headers: headers({ origin: "http://evil.example" }), body: '["x@e2e.test"]' });
  expect(cross.status).toBe(403);
  const unsized = await rawRequest({ method: "POST", path: "/forgot-password", headers: headers({ origin }), body: '["x@e2e.test"]', chunked: true });
  expect(unsized.status).toBe(411);
  const oversized = await rawRequest({ method: "POST", path: "/forgot-password", headers: headers({ origin, "content-length": String(3 * 1024 * 1024) }) }).catch(() => undefined);
  expect(oversized?.status).toBe(413);
  for (const body of ["[{{", '{"not":"an array"', "\u0000"]) {
    const r = await rawRequest({ method: "POST", path: "/forgot-password", headers: headers({ origin }), body });
    expect(r.status, body).toBe(400);
  }
  const junkId = await rawRequest({ method: "POST", path: "/forgot-password", headers: headers({ origin, "next-action": "not-an-id" }), body: "[]" });
  expect(junkId.status).toBeLessThan(500);
});

test("signed-in API reads with junk query strings are 4xx", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, ...asClient() });
  const { csrfToken } = await (await api.get("/api/auth/csrf")).json();
  await api.post("/api/auth/callback/credentials", { form: { csrfToken, email: ADMIN.email, password: ADMIN.password, json: "true" } });
  for (const path of ["/api/latency/history?nodeId=%zz", "/api/latency/history?nodeId=x%00y", "/api/traces?nodeId=../../etc", "/api/admin/nodes/not-a-uuid/inbounds", "/api/latency?carrier=%FF"]) {
    const r = await api.get(path);
    expect(r.status(), path).toBeLessThan(500);
  }
  await api.dispose();
});

// Issue 21, item 2: each of these was a 500.
test("payment notify: JSON that is not an object is a 400 fail", async () => {
  for (const provider of ["epay", "alipay_f2f"]) {
    for (const body of ["null", "42", "[]", '"x"']) {
      const r = await rawRequest({ method: "POST", path: `/api/payment/notify/${provider}`, headers: viaProxy({ "content-type": "application/json" }), body });
      expect([r.status, r.body], `${provider} ${body}`).toEqual([400, "fail"]);
    }
  }
});

test("next-auth: an error value outside Latin-1 is the normal redirect to the login page", async () => {
  for (const error of ["%ff", "%E4%B8%AD", "a%0d%0aSet-Cookie:x=1", "x%26callbackUrl%3Dhttps://evil.example"]) {
    const r = await rawRequest({ path: `/api/auth/error?error=${error}`, headers: viaProxy() });
    expect(r.status, error).toBe(302);
    const location = new URL(String(r.headers.location), "http://x");
    expect(location.pathname).toBe("/login");
    expect([...location.searchParams.keys()]).toEqual(["error"]);
    expect(r.headers["set-cookie"]?.some((c) => c.startsWith("x="))).toBeFalsy();
  }
});

/** A fresh CSRF token with its cookie, as next-auth's client gets them. */
async function csrf(ip: string) {
  const r = await rawRequest({ path: "/api/auth/csrf", headers: { "x-forwarded-for": ip } });
  const cookie = r.setCookies.map((c) => c.split(";")[0]).join("; ");
  return { token: (JSON.parse(r.body) as { csrfToken: string }).csrfToken, cookie };
}

const BAD_CALLBACKS = ["ht!tp::x", "/中", "%ff", "https://evil.example/x", "//evil.example", "javascript:alert(1)"];
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

test("next-auth: a callbackUrl that is not a same-site URL is the site root, in the form and in the query", async () => {
  const port = Number(process.env.E2E_PORT ?? 3123);
  const root = `http://127.0.0.1:${port}`;
  for (const callbackUrl of BAD_CALLBACKS) {
    const ip = clientIp();
    const { token, cookie } = await csrf(ip);
    const headers = { "x-forwarded-for": ip, cookie, "content-type": "application/x-www-form-urlencoded" };
    const query = `?callbackUrl=${encodeURIComponent(callbackUrl)}`;
    for (const path of ["/api/auth/signout", "/api/auth/signin/credentials", "/api/auth/callback/credentials"]) {
      for (const [q, fields] of [["", { csrfToken: token, callbackUrl, json: "true" }], [query, { csrfToken: token, json: "true" }]] as const) {
        const body = path.endsWith("callback/credentials") ? form({ ...fields, email: "nobody@e2e.test", password: "wrong-password-1" }) : form(fields);
        const r = await rawRequest({ method: "POST", path: `${path}${q}`, headers, body });
        expect(r.status, `${path}${q} ${callbackUrl}`).toBeLessThan(500);
        noStack(r);
        const url = (JSON.parse(r.body) as { url?: string }).url ?? "";
        expect(url.startsWith(root) || url.startsWith("/"), `${path} ${callbackUrl} -> ${url}`).toBe(true);
        if (path.endsWith("signout")) expect([r.status, url]).toEqual([200, callbackUrl === "/中" ? `${root}/%E4%B8%AD` : `${root}/`]);
      }
    }
  }
  // The right password with a bad callbackUrl: signed in, sent to the site root.
  const ip = clientIp();
  const { token, cookie } = await csrf(ip);
  const ok = await rawRequest({
    method: "POST",
    path: "/api/auth/callback/credentials",
    headers: { "x-forwarded-for": ip, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: form({ csrfToken: token, email: ADMIN.email, password: ADMIN.password, callbackUrl: "ht!tp::x", json: "true" }),
  });
  expect(ok.status).toBe(200);
  expect(JSON.parse(ok.body).url).toBe(`${root}/`);
});

test("next-auth: a callback-url cookie that is not a URL is ignored by the session and the pages", async () => {
  for (const name of ["next-auth.callback-url", "__Secure-next-auth.callback-url"]) {
    for (const value of ["ht!tp::x", "%ff", "true", "javascript%3Aalert(1)"]) {
      for (const path of ["/api/auth/session", "/api/auth/csrf", "/login", "/store"]) {
        const r = await rawRequest({ path, headers: viaProxy({ cookie: `${name}=${value}` }) });
        if (path.startsWith("/api/")) expect(r.status, `${path} ${name}=${value}`).toBe(200);
        else expect(r.status, `${path} ${name}=${value}`).toBeLessThan(400);
      }
    }
  }
});

// Issue 21, item 7: pages answered PUT, PATCH and DELETE with the page, OPTIONS with a 400.
test("pages answer GET and HEAD; other methods are 405 with Allow; route handlers keep theirs; CONNECT is 405", async () => {
  for (const path of ["/dashboard", "/store", "/login", "/"]) {
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS", "POST"]) {
      const r = await rawRequest({ method, path, headers: viaProxy({ "content-type": "application/x-www-form-urlencoded" }), body: method === "POST" ? "a=1" : undefined });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.allow).toBe("GET, HEAD");
      expect(errorCode(r)).toBe("METHOD_NOT_ALLOWED");
    }
    const head = await rawRequest({ method: "HEAD", path, headers: viaProxy() });
    expect(head.status, `HEAD ${path}`).toBeLessThan(400);
  }
  expect((await rawRequest({ path: "/store", headers: viaProxy() })).status).toBeLessThan(400);
  const options = await rawRequest({ method: "OPTIONS", path: "/api/health", headers: viaProxy() });
  expect(options.status).toBe(204);
  expect(options.headers.allow).toContain("GET");
  for (let i = 0; i < 3; i++) {
    for (const target of ["127.0.0.1:22", "example.com:443"]) {
      const reply = await rawSocket(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\nX-Forwarded-For: ${clientIp()}\r\n\r\n`);
      expect(reply, target).toMatch(/^HTTP\/1\.1 405 /);
      expect(reply).toMatch(/\r\nallow: /i);
    }
  }
});
