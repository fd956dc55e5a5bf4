// Passkeys in a real browser (issue 29 item 4), with Chromium's virtual authenticator (CDP
// WebAuthn.addVirtualAuthenticator: CTAP2, built in, discoverable credentials, user verification):
// a user adds a passkey on the account page, signs out, signs in with the passkey alone, removes
// it, and a passkey sign-in is then refused with a clear message while the password still works.
// And the staff story of issue 29: the owner invites a support agent, who enrols a passkey as the
// second factor, signs in with it, answers a ticket, and is refused the orders and backup pages.
// WebAuthn refuses IP addresses as a relying party, and the suite's servers answer on 127.0.0.1,
// so this spec starts its own server whose public address is http://localhost:<port>.
import { readFileSync } from "node:fs";
import { expect, test, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { ADMIN, asClient, expectLoggedInAt, hydrated, login, mailTo, signInOverHttp, uniqueEmail, waitForMail } from "./helpers";
import { startSideServer, type SideServer } from "./side-server";

const zh = JSON.parse(readFileSync("messages/zh-CN/errors.json", "utf8")) as { serverErrors: Record<string, string> };
const PORT_OFFSET = 85;
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: "serial" });

let server: SideServer;
let base: string;
test.beforeAll(async () => {
  test.slow(); // boots a server of its own
  const port = Number(process.env.E2E_PORT ?? 3123) + PORT_OFFSET;
  base = `http://localhost:${port}`;
  server = await startSideServer({ portOffset: PORT_OFFSET, tag: "passkeys", env: { APP_URL: base } });
});
test.afterAll(async () => server?.stop());

/** A platform authenticator that says yes at once (presence and user verification simulated). */
async function virtualAuthenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, id: authenticatorId };
}

async function signOut(page: Page) {
  // After a load (a redirect, a goto) the button is drawn before React attaches its handler.
  await hydrated(page, "logout");
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/login/);
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
}

test("a passkey is added, signs in alone, is removed, and then no longer signs in", async ({ browser }) => {
  // A Chinese-speaking user on a phone in dark mode: the card, the dialogs and the errors fit there.
  const context = await browser.newContext({ ...asClient(), baseURL: base, locale: "zh-CN", viewport: PHONE, colorScheme: "dark" });
  const page = await context.newPage();
  const { cdp, id } = await virtualAuthenticator(context, page);
  const credentials = async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId: id })).credentials;

  // A new customer (no email verification on this server: the answer signs them in).
  const email = uniqueEmail("passkey");
  const password = "passkey-password-1";
  const reg = await page.request.post("/api/auth/register", { data: { email, password, name: "Pat" } });
  expect(reg.status()).toBe(201);

  // 1. Add a passkey on the account page; the first one comes with recovery codes, shown once.
  await page.goto("/account");
  await hydrated(page, "passkey-add");
  await expect(page.getByTestId("passkey-none")).toBeVisible();
  await page.getByTestId("passkey-add").click();
  await page.getByTestId("passkey-name").fill("Test phone");
  await page.getByTestId("passkey-create").click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
  await page.getByTestId("recovery-saved").check();
  await page.getByTestId("recovery-done").click();
  await expect(page.getByTestId("passkey-row")).toHaveCount(1);
  await expect(page.getByTestId("passkey-row")).toContainText("Test phone");
  const [stored] = await credentials();
  expect(stored).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);

  // 2. Signed out, the passkey alone signs in: no email, no password typed.
  await signOut(page);
  await hydrated(page, "passkey-sign-in");
  await page.getByTestId("passkey-sign-in").click();
  await expectLoggedInAt(page, /\/dashboard$/);
  expect((await credentials())[0]!.signCount).toBeGreaterThan(stored!.signCount);

  // 3. Removed from the account page (this session was opened with a passkey: no code asked).
  await page.goto("/account");
  await hydrated(page, "passkey-remove");
  await page.getByTestId("passkey-remove").click();
  await expect(page.getByTestId("passkey-remove-confirm")).toBeVisible();
  await expect(page.getByTestId("passkey-code")).toHaveCount(0);
  await page.getByTestId("passkey-remove-confirm").click();
  await expect(page.getByTestId("passkey-none")).toBeVisible();

  // 4. The authenticator still holds it and offers it, but the site refuses it at once, and says why.
  await signOut(page);
  expect(await credentials()).toHaveLength(1);
  await hydrated(page, "passkey-sign-in");
  await page.getByTestId("passkey-sign-in").click();
  await expect(page.getByTestId("form-error")).toContainText(zh.serverErrors.passkeyUnknown!);
  await expect(page).toHaveURL(/\/login/);
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});

  // 5. The password still signs in.
  await login(page, email, password);
  await expectLoggedInAt(page, /\/dashboard$/);
  await context.close();
});

test("a site whose address is an IP offers no passkey sign-in", async ({ browser }) => {
  // The suite's own server: APP_URL is http://127.0.0.1:<port>.
  const context = await browser.newContext(asClient());
  const page = await context.newPage();
  await page.goto("/login");
  await hydrated(page, "submit");
  await expect(page.getByTestId("passkey-sign-in")).toHaveCount(0);
  await context.close();
});

test("an owner invites a support agent, who enrols a passkey, signs in with it, answers a ticket and is refused orders and backup; removing the passkey ends that way in", async ({ browser }) => {
  test.slow();
  // The owner (the administrator this server's first start made) invites a support agent.
  const ownerCtx = await browser.newContext({ ...asClient(), baseURL: base, locale: "en-US" });
  const owner = await ownerCtx.newPage();
  await signInOverHttp(owner, ADMIN.email, ADMIN.password);
  await owner.goto("/admin/staff");
  await hydrated(owner, "staff-invite-submit");
  const email = uniqueEmail("agent");
  await owner.getByTestId("staff-invite-email").fill(email);
  await owner.getByTestId("staff-invite-role").click();
  await owner.getByRole("option", { name: "Support" }).click();
  await owner.getByTestId("staff-invite-submit").click();
  await expect(owner.locator(`[data-email="${email}"]`).first()).toBeVisible();

  // A customer's ticket for the agent to answer.
  const customerCtx = await browser.newContext({ ...asClient(), baseURL: base });
  const customer = await customerCtx.newPage();
  expect((await customer.request.post("/api/auth/register", { data: { email: uniqueEmail("buyer"), password: "buyer-password-1", name: "Buyer" } })).status()).toBe(201);
  const subject = `Cannot connect ${Date.now()}`;
  const created = await customer.request.post("/api/support/tickets", { headers: { origin: base }, multipart: { subject, category: "TECHNICAL", priority: "HIGH", body: "Nothing loads since this morning." } });
  expect(created.status()).toBe(201);
  const ticketId = ((await created.json()) as { id: string }).id;

  // The agent accepts the invitation: name and password, then signs in and must enrol first.
  const mail = await waitForMail((m) => mailTo(m, email));
  const link = mail.text.match(/https?:\/\/\S+\/staff-invite\/[A-Za-z0-9_-]+/)![0];
  const agentCtx = await browser.newContext({ ...asClient(), baseURL: base, locale: "en-US" });
  const agent = await agentCtx.newPage();
  const { cdp, id } = await virtualAuthenticator(agentCtx, agent);
  await agent.goto(new URL(link).pathname);
  await hydrated(agent, "staff-invite-create");
  await agent.getByTestId("staff-invite-name").fill("Agent");
  await agent.getByTestId("staff-invite-password").fill("agent-pass-123");
  await agent.getByTestId("staff-invite-confirm").fill("agent-pass-123");
  await agent.getByTestId("staff-invite-create").click();
  await expect(agent.getByTestId("staff-invite-done")).toBeVisible();
  await login(agent, email, "agent-pass-123");
  await expect(agent).toHaveURL(/\/account\?setup=2fa$/, { timeout: 20_000 });
  // No admin page opens before the second factor.
  await agent.goto("/admin/tickets");
  await expect(agent).toHaveURL(/\/account\?setup=2fa$/);

  // A passkey as the second factor; the password session that enrolled it still does not open the
  // admin area (a password alone never does for staff whose factor is a passkey).
  await hydrated(agent, "passkey-add");
  await agent.getByTestId("passkey-add").click();
  await agent.getByTestId("passkey-name").fill("Agent laptop");
  await agent.getByTestId("passkey-create").click();
  await expect(agent.getByTestId("recovery-code")).toHaveCount(10);
  await agent.getByTestId("recovery-saved").check();
  await agent.getByTestId("recovery-done").click();
  await expect(agent.getByTestId("passkey-row")).toHaveCount(1);
  await agent.goto("/admin/tickets");
  await expect(agent).toHaveURL(/\/account\?setup=passkey$/);

  // Signed in with the passkey alone, the agent answers the ticket.
  await signOut(agent);
  await hydrated(agent, "passkey-sign-in");
  await agent.getByTestId("passkey-sign-in").click();
  await expect(agent).not.toHaveURL(/\/login/, { timeout: 20_000 });
  await agent.goto(`/admin/tickets/${ticketId}`);
  await hydrated(agent, "ticket-reply-submit");
  await agent.getByTestId("ticket-reply-body").fill("Please restart the client; it should work now.");
  await agent.getByTestId("ticket-reply-submit").click();
  await expect(agent.getByTestId("ticket-message")).toHaveCount(2);
  await expect(agent.getByTestId("ticket-message").last()).toHaveAttribute("data-author", "ADMIN");

  // Orders and backup are not the support role's: 403, the "no access" page, none of the content;
  // and the menu does not offer them.
  for (const path of ["/admin/orders", "/admin/backup"]) {
    const res = await agent.goto(path);
    expect(res!.status(), path).toBe(403);
    await expect(agent.getByTestId("forbidden-back")).toBeVisible();
  }
  await expect(agent.locator('a[href="/admin/orders"]')).toHaveCount(0);
  await expect(agent.locator('a[href="/admin/backup"]')).toHaveCount(0);
  await expect(agent.locator('a[href="/admin/tickets"]').first()).toBeVisible();

  // The agent removes the passkey (this session was opened with it: nothing more is asked), and a
  // passkey sign-in is refused at once, though the authenticator still offers it.
  await agent.goto("/account");
  await hydrated(agent, "passkey-remove");
  await agent.getByTestId("passkey-remove").click();
  await agent.getByTestId("passkey-remove-confirm").click();
  await expect(agent.getByTestId("passkey-none")).toBeVisible();
  await signOut(agent);
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId: id })).credentials).toHaveLength(1);
  await hydrated(agent, "passkey-sign-in");
  await agent.getByTestId("passkey-sign-in").click();
  await expect(agent.getByTestId("form-error")).toBeVisible();
  await expect(agent).toHaveURL(/\/login/);
  expect(await (await agent.request.get("/api/auth/session")).json()).toEqual({});
  await Promise.all([ownerCtx.close(), customerCtx.close(), agentCtx.close()]);
});
