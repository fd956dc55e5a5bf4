// Plain HTTP clients (no browser): next-auth's own flow and the register endpoint's errors.
import { expect, test } from "@playwright/test";
import { ADMIN, asClient, uniqueEmail } from "./helpers";

test.use(asClient());

test("next-auth flow from a plain HTTP client: csrf, credentials callback, session", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, ...asClient() });
  const { csrfToken } = await (await api.get("/api/auth/csrf")).json();
  expect(csrfToken).toMatch(/^[0-9a-f]{32,}$/);
  const res = await api.post("/api/auth/callback/credentials", { form: { csrfToken, email: ADMIN.email, password: ADMIN.password, json: "true" }, maxRedirects: 0 });
  expect([200, 302]).toContain(res.status());
  const session = await (await api.get("/api/auth/session")).json();
  expect(session.user).toMatchObject({ email: ADMIN.email, role: "ADMIN" });
  await api.dispose();
});

test("register answers 400/403/409 with an error body and writes nothing", async ({ request }) => {
  const bad = async (data: unknown, status: number, code: string, raw = false) => {
    const r = await request.post("/api/auth/register", raw ? { data: data as string, headers: { "content-type": "application/json" } } : { data: data as object });
    expect(r.status()).toBe(status);
    const body = await r.json();
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe("string");
  };
  await bad("{not json", 400, "VALIDATION", true);
  await bad({ email: "not-an-email", password: "password-123", name: "x" }, 400, "VALIDATION");
  await bad({ email: uniqueEmail("short"), password: "short", name: "x" }, 400, "VALIDATION");
  await bad({ email: ADMIN.email, password: "password-123", name: "x" }, 409, "CONFLICT");
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  const info = await (await request.get("/api/public/app-info")).json();
  expect(info.registration).toMatchObject({ open: true, emailVerificationRequired: true });
  expect(JSON.stringify(info)).not.toMatch(/secret/i);
});

test("pages carry security headers and hide stack traces", async ({ request }) => {
  const r = await request.get("/login");
  expect(r.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(r.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(r.headers()["x-request-id"]).toBeTruthy();
  const missing = await request.get("/definitely-not-a-page");
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toMatch(/at .*\.js:\d+/);
});
