// Through the real server process: forwarding headers are believed only from the trusted proxy
// (127.0.0.1 in these runs). A client connecting from 127.0.0.2 — an untrusted peer on the same
// loopback — cannot rotate X-Forwarded-For past the login and register limits, and cannot pass the
// Server Action origin check with X-Forwarded-Host.
import { expect, test } from "@playwright/test";
import { asClient, clientIp, loginAsAdmin, uniqueEmail } from "./helpers";
import { rawRequest } from "./raw-request";

test("an untrusted peer rotating X-Forwarded-For still hits the per-IP register limit", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const body = JSON.stringify({ email: uniqueEmail("rotate"), password: "short" }); // 400 once admitted
    const r = await rawRequest({ from: "127.0.0.2", method: "POST", path: "/api/auth/register", body, headers: { "content-type": "application/json", "x-forwarded-for": clientIp() } });
    statuses.push(r.status);
    if (r.status === 429) expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
  }
  expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
  expect(statuses.slice(5)).toEqual([429, 429]);
});

test("through the trusted proxy each forwarded client has its own register limit", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const body = JSON.stringify({ email: uniqueEmail("proxied"), password: "short" });
    const r = await rawRequest({ method: "POST", path: "/api/auth/register", body, headers: { "content-type": "application/json", "x-forwarded-for": clientIp() } });
    statuses.push(r.status);
  }
  expect(statuses).toEqual(Array(7).fill(400));
});

test("an untrusted peer rotating X-Forwarded-For still hits the per-IP login limit", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const csrf = await rawRequest({ from: "127.0.0.3", path: "/api/auth/csrf", headers: { "x-forwarded-for": clientIp() } });
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
    const cookie = csrf.setCookies.map((c) => c.split(";")[0]).join("; ");
    const body = new URLSearchParams({ csrfToken, email: `nobody-${i}@e2e.test`, password: "wrong-password-1", json: "true" }).toString();
    const r = await rawRequest({ from: "127.0.0.3", method: "POST", path: "/api/auth/callback/credentials", body, headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": clientIp() } });
    statuses.push(r.status);
  }
  expect(statuses.filter((s) => s === 401)).toHaveLength(10);
  expect(statuses.slice(10)).toEqual([429, 429]);
});

test("a cross-site Server Action with a forged X-Forwarded-Host is refused; the same call from the site works", async ({ browser }) => {
  const ctx = await browser.newContext(asClient());
  const page = await ctx.newPage();
  await loginAsAdmin(page);
  await page.goto("/admin/settings");

  // Capture the real Server Action call the settings form makes (and stop it from reaching the server).
  const name = `Forged ${Date.now()}`;
  const captured = new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve) => {
    void page.route("**/admin/settings", async (route) => {
      const req = route.request();
      if (req.method() !== "POST" || !req.headers()["next-action"]) return route.continue();
      resolve({ headers: req.headers(), body: req.postDataBuffer() ?? Buffer.alloc(0) });
      await route.abort();
    });
  });
  await page.getByTestId("setting-siteName").fill(name);
  await page.getByTestId("settings-save").click();
  const call = await captured;
  const cookie = (await ctx.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const replay = (from: string, extra: Record<string, string>) =>
    rawRequest({ from, method: "POST", path: "/admin/settings", body: call.body, headers: { "next-action": call.headers["next-action"]!, "content-type": call.headers["content-type"]!, accept: "text/x-component", cookie, ...extra } });

  const forged = await replay("127.0.0.2", { origin: "http://evil.example", "x-forwarded-host": "evil.example" });
  expect(forged.status).toBe(403);
  const info = async () => (await (await page.request.get("/api/public/app-info")).json()) as { siteName: string };
  expect((await info()).siteName).not.toBe(name);

  const port = new URL(page.url()).port;
  const genuine = await replay("127.0.0.2", { origin: `http://127.0.0.1:${port}` });
  expect(genuine.status).toBe(200);
  expect((await info()).siteName).toBe(name);
  await ctx.close();
});
