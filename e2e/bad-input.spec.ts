// Hostile and malformed requests against the real server: each gets a clear 4xx with the error
// body, never a 5xx or a stack trace (issue 6, item 12: each of these was a 500 before).
import { expect, test } from "@playwright/test";
import { ADMIN, asClient, clientIp } from "./helpers";
import { rawRequest, serverActionId, type RawReply } from "./raw-request";

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
