// Signing out ends the session on the server: a copy of the old cookie (as a thief would keep it)
// opens nothing afterwards — not the session endpoint, not a page, not a Server Action — while
// another session of the same account keeps working.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, asClient } from "./helpers";
import { rawRequest, serverActionId } from "./raw-request";

async function signIn(api: APIRequestContext) {
  const { csrfToken } = await (await api.get("/api/auth/csrf")).json();
  const r = await api.post("/api/auth/callback/credentials", { form: { csrfToken, email: ADMIN.email, password: ADMIN.password, json: "true" } });
  expect(r.status()).toBe(200);
}

async function sessionCookie(api: APIRequestContext): Promise<string> {
  const state = await api.storageState();
  const c = state.cookies.find((x) => x.name.endsWith("next-auth.session-token"));
  expect(c).toBeTruthy();
  return `${c!.name}=${c!.value}`;
}

test("after sign-out the old session cookie opens nothing; another session of the account still works", async ({ playwright, baseURL }) => {
  const a = await playwright.request.newContext({ baseURL, ...asClient() });
  const b = await playwright.request.newContext({ baseURL, ...asClient() });
  await signIn(a);
  await signIn(b);
  const stolen = await sessionCookie(a);
  const withStolen = (path: string) => rawRequest({ path, headers: { cookie: stolen, "x-forwarded-for": "198.51.100.77" } });

  expect(JSON.parse((await withStolen("/api/auth/session")).body).user.email).toBe(ADMIN.email);
  expect((await withStolen("/admin")).status).toBe(200);

  const { csrfToken } = await (await a.get("/api/auth/csrf")).json();
  const out = await a.post("/api/auth/signout", { form: { csrfToken, json: "true" } });
  expect(out.status()).toBe(200);

  expect(JSON.parse((await withStolen("/api/auth/session")).body)).toEqual({});
  const page = await withStolen("/admin");
  expect(page.status).toBe(307);
  expect(page.headers.location).toContain("/login");
  const api = await withStolen("/api/admin/nodes");
  expect(api.status).toBe(401);
  const origin = new URL(baseURL!).origin;
  const action = await rawRequest({
    method: "POST",
    path: "/account",
    body: "[]",
    headers: { cookie: stolen, origin, "next-action": serverActionId("logoutEverywhereAction"), "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", "x-forwarded-for": "198.51.100.77" },
  });
  expect(action.status).toBe(200);
  expect(action.body).toContain('"ok":false');
  expect(action.body).toContain("UNAUTHENTICATED");

  // The other session was not touched.
  expect((await (await b.get("/api/auth/session")).json()).user.email).toBe(ADMIN.email);
  expect((await b.get("/api/admin/nodes")).status()).toBe(200);
  await a.dispose();
  await b.dispose();
});
