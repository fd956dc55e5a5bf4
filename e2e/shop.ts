// A shop for the browser tests: a simulated 3x-ui panel added as a node and a plan put on sale,
// both through the operator CLI (which reaches the running e2e server), and the payment gateways
// configured through the admin Payments page with the simulators' values.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type Browser, type Page } from "@playwright/test";
import { startXuiSimulator, type XuiSimulator } from "../simulators/xui";
import type { AlipaySimulator } from "../simulators/alipay/server";
import type { EpaySimulator } from "../simulators/epay/server";
import { asClient, createUserAsAdmin, expectLoggedInAt, login, loginAsAdmin, navigationReady, uniqueEmail } from "./helpers";

const PANEL_USER = "shopadmin";
const PANEL_PASS = "shop-pass-1";

/** Asynchronous on purpose: the simulators live in this process and must keep answering meanwhile. */
export async function cli(args: string[], extraEnv: Record<string, string> = {}): Promise<string> {
  const { stdout } = await promisify(execFile)("node", ["bin/relayboard.mjs", ...args], { env: { ...JSON.parse(process.env.E2E_SERVER_ENV!), ...extraEnv }, encoding: "utf8" });
  return stdout;
}

/**
 * A panel with one vmess inbound on `port`, added as a node (synced, so visible to customers). `env`
 * points the CLI at another server (a side server's environment) instead of the suite's own.
 */
export async function panelNode(tag: string, port: number, env: Record<string, string> = {}): Promise<{ sim: XuiSimulator; name: string }> {
  const sim = await startXuiSimulator({ username: PANEL_USER, password: PANEL_PASS, inbounds: [{ id: 1, protocol: "vmess", port, remark: `${tag}-vmess`, clients: [] }] });
  const name = `${tag}-${Date.now().toString(36)}`;
  const added = JSON.parse(await cli(["node", "add", "--name", name, "--panel-url", sim.url, "--username", PANEL_USER, "--json"], { ...env, RELAYBOARD_PANEL_PASSWORD: PANEL_PASS })) as { sync: { ok: boolean } };
  if (!added.sync.ok) throw new Error(`node ${name} did not sync`);
  return { sim, name };
}

/** A public proxy plan on that node, created with `relayboard plan create` (the admin form's checks). */
export async function planOnSale(node: string, inbound: string, name: string, priceMinor: number, extra: Record<string, unknown> = {}, env: Record<string, string> = {}): Promise<{ id: string }> {
  const plan = { kind: "PROXY", name, node, inbounds: [inbound], pricingMode: "FIXED", priceMinor, trafficGb: 5, durationDays: 30, ...extra };
  const out = JSON.parse(await cli(["plan", "create", "--data", JSON.stringify(plan), "--json"], env)) as { plan?: { id: string }; id?: string };
  return { id: out.plan?.id ?? out.id! };
}

async function fill(page: Page, testId: string, value: string) {
  const el = page.getByTestId(testId);
  await el.fill(value);
}

/** Admin → Payments: epay and Alipay filled in with the simulators' values, enabled and saved. */
export async function configureGateways(admin: Page, epay: EpaySimulator, alipay: AlipaySimulator): Promise<void> {
  await configureEpay(admin, epay);
  await configureAlipay(admin, alipay);
}

/** Admin → Payments: epay alone, filled in with the simulator's values, enabled and saved. */
export async function configureEpay(admin: Page, epay: EpaySimulator): Promise<void> {
  await admin.goto("/admin/payments");
  await navigationReady(admin); // typed into before hydration, a controlled field loses the text
  await fill(admin, "payment-epay-gatewayUrl", epay.url);
  await fill(admin, "payment-epay-pid", epay.merchants[0]!.pid);
  await fill(admin, "payment-epay-key", epay.merchants[0]!.key);
  await fill(admin, "payment-epay-channels", "alipay, wxpay");
  await admin.getByTestId("payment-epay-enabled").check();
  await saved(admin, "epay", "key");
}

async function configureAlipay(admin: Page, alipay: AlipaySimulator): Promise<void> {
  await fill(admin, "payment-alipay_f2f-gatewayUrl", alipay.gatewayUrl);
  await fill(admin, "payment-alipay_f2f-appId", alipay.appId);
  await fill(admin, "payment-alipay_f2f-privateKey", alipay.appPrivateKey);
  await fill(admin, "payment-alipay_f2f-alipayPublicKey", alipay.alipayPublicKey);
  await admin.getByTestId("payment-alipay_f2f-enabled").check();
  await saved(admin, "alipay_f2f", "privateKey");
}

/**
 * Saves a provider's card and waits until the server took it. The secret's "set" badge cannot tell:
 * an earlier spec on this server leaves it set, so a page closed right after the click could drop
 * the save (a later spec then found Alipay still switched off). A saved card empties its secret field.
 */
async function saved(admin: Page, provider: string, secret: string) {
  await admin.getByTestId(`payment-${provider}-save`).click();
  await expect(admin.getByTestId(`payment-${provider}-${secret}`)).toHaveValue("", { timeout: 30_000 });
  await expect(admin.getByTestId(`payment-${provider}-${secret}-state`)).toHaveText(/set|已设置/i);
}

/** A fresh user, created by the admin, signed in on its own browser context. */
export async function newBuyer(browser: Browser, tag: string): Promise<{ page: Page; email: string }> {
  const adminCtx = await browser.newContext(asClient());
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);
  const email = uniqueEmail(tag);
  await createUserAsAdmin(admin, email, `${tag}-pass-1`);
  await adminCtx.close();
  const ctx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const page = await ctx.newPage();
  await login(page, email, `${tag}-pass-1`);
  await expectLoggedInAt(page, /\/dashboard$/);
  return { page, email };
}

/** Every client email on the simulated panel. */
export const panelEmails = (sim: XuiSimulator) => sim.state.inbounds.flatMap((i) => sim.state.clientsOf(i)).map((c) => String(c.email));
