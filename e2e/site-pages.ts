// Every page of the site, as the walk that checks them all sees it (page-walk.spec.ts): signed out,
// as a user and as an admin, with a node synced from the 3x-ui simulator (so the node pages show real rows and badges) and more users than one page holds, in
// every status (so the users page shows its pagination and every badge).
import { execFileSync } from "node:child_process";
import { expect, type Browser, type BrowserContextOptions } from "@playwright/test";
import { startXuiSimulator, type XuiSimulator } from "../simulators/xui";
import { addSyncedNode, asClient, clientIp, createUsersAsAdmin, expectLoggedInAt, login, loginAsAdmin, uniqueEmail } from "./helpers";

export const PUBLIC_PAGES = ["/", "/login", "/register", "/forgot-password", "/reset-password", "/verify-email", "/support/contact", "/kb", "/gift/no-such-gift-link-0000", "/no-such-page"];
export const USER_PAGES = ["/dashboard", "/lines", "/account", "/store", "/cart", "/orders", "/subscriptions", "/tickets", "/notifications", "/referral"];
/** "NODE" stands for the synced node's own page (SitePages.pathOf). */
export const ADMIN_PAGES = ["/admin", "/admin/users", "/admin/nodes", "NODE", "/admin/settings", "/admin/logs", "/admin/orders", "/admin/tasks", "/admin/plans", "/admin/plans/new", "/admin/streaming", "/admin/coupons", "/admin/promotions", "/admin/payments", "/admin/subscriptions", "/admin/subscription-rules", "/admin/traffic", "/admin/tickets", "/admin/announcements", "/admin/kb", "/admin/mail-templates", "/admin/risk", "/admin/risk/access-logs", "/admin/backup", "/admin/api", "/admin/webhooks", "/admin/api-tokens", "/admin/referral", "/admin/staff"];

export interface SitePages {
  /** Signed-in browser states for Playwright contexts. */
  adminState: BrowserContextOptions["storageState"];
  userState: BrowserContextOptions["storageState"];
  /** The path to load for an entry of the lists above. */
  pathOf(p: string): string;
  close(): Promise<void>;
}

const cli = (...args: string[]) => execFileSync("node", ["bin/relayboard.mjs", ...args], { env: JSON.parse(process.env.E2E_SERVER_ENV!), encoding: "utf8" });

/** Seeds the data the pages show and signs in an admin and a user. `tag` keeps specs' data apart. */
export async function prepareSitePages(browser: Browser, tag: string, inboundPorts: [number, number]): Promise<SitePages> {
  const sim: XuiSimulator = await startXuiSimulator({
    username: "paneladmin",
    password: "panel-pass-1",
    basePath: `/xui-${tag}/`,
    inbounds: [
      { id: 1, protocol: "vmess", port: inboundPorts[0], clients: [{ email: `${tag}-user`, id: "11111111-2222-3333-4444-555555555555", enable: true }] },
      // A disabled inbound is shown faded: it must still read at AA.
      { id: 2, protocol: "trojan", port: inboundPorts[1], enable: false, clients: [{ email: `${tag}-other`, password: `${tag}-secret-pw`, enable: true }] },
    ],
  });
  const adminCtx = await browser.newContext(asClient());
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);
  await addSyncedNode(admin, { name: `${tag}-${Date.now().toString(36)}`, panelUrl: sim.url, username: "paneladmin", password: "panel-pass-1" });
  await admin.getByTestId("open-node").click();
  await expect(admin).toHaveURL(/\/admin\/nodes\/[0-9a-f-]{36}$/);
  const nodePath = new URL(admin.url()).pathname;

  const email = uniqueEmail(tag);
  const others = Array.from({ length: 20 }, () => uniqueEmail(`${tag}-many`));
  await createUsersAsAdmin(admin, [email], `${tag}-pass-1`);
  // The others only fill the list (pagination, every badge): registered over HTTP, five at a time,
  // each from its own address (the per-IP register limit), in a context of their own so no answer's
  // session cookie lands in the admin's. Through the admin dialog one by one they were a minute of
  // each seeding, and a walk seeds once per worker.
  const registrar = await browser.newContext();
  for (let i = 0; i < others.length; i += 5) {
    await Promise.all(
      others.slice(i, i + 5).map(async (other) => {
        const res = await registrar.request.post("/api/auth/register", { data: { email: other, password: `${tag}-pass-1` }, headers: { "x-forwarded-for": clientIp() } });
        expect(res.status(), await res.text()).toBe(201);
      }),
    );
  }
  await registrar.close();
  cli("user", "set-status", others[0], "BANNED", "--reason", "Spam from this account");
  cli("user", "set-status", others[1], "DISABLED", "--reason", "Asked to pause the account");
  const adminState = await adminCtx.storageState();
  await adminCtx.close();

  const userCtx = await browser.newContext(asClient());
  const user = await userCtx.newPage();
  await login(user, email, `${tag}-pass-1`);
  await expectLoggedInAt(user, /\/dashboard$/);
  const userState = await userCtx.storageState();
  await userCtx.close();

  return { adminState, userState, pathOf: (p) => (p === "NODE" ? nodePath : p), close: () => sim.close() };
}
