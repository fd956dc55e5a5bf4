// Issue 7 item 4 in a browser: one action, one message. Adding a node with a wrong panel password
// (Chinese admin) saves it as "not synced": the add dialog shows ONE warning (yellow), no toast
// beside it, and the list shows the node as not synced and hidden. Saving it again with the wrong
// password on the node page (English admin) is again one warning; with the right one, one success.
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { startXuiSimulator, type XuiSimulator } from "../simulators/xui";
import { afterPendingRenders, asClient, fillNodeForm, loginAsAdmin } from "./helpers";

type Words = {
  nodes: {
    form: Record<string, string>;
    sync: { failedTitle: string; hiddenUntilSync: string };
    panelStatus: Record<string, string>;
    visibility: Record<string, string>;
  };
};
const zh = JSON.parse(readFileSync("messages/zh-CN/nodes.json", "utf8")) as Words;
const en = JSON.parse(readFileSync("messages/en/nodes.json", "utf8")) as Words;
const zhErrors = (JSON.parse(readFileSync("messages/zh-CN/errors.json", "utf8")) as { serverErrors: Record<string, string> }).serverErrors;

let sim: XuiSimulator;
test.beforeAll(async () => {
  sim = await startXuiSimulator({ username: "outadmin", password: "out-pass-1", basePath: "/xui-out/", inbounds: [{ id: 1, protocol: "vless", port: 31201, clients: [] }] });
});
test.afterAll(async () => sim?.close());

/** Every message on the page: toasts (Mantine notifications) and alerts (inline or in a dialog). */
async function messagesOn(page: Page) {
  // A toast would be shown in the same tick as the result: the renders pending now include it.
  await afterPendingRenders(page);
  return { toasts: await page.locator(".mantine-Notification-root").count(), alerts: await page.locator(".mantine-Alert-root").count() };
}

/** The alert's background is Mantine's light variant of `color` in the current colour scheme. */
async function expectAlertColor(alert: Locator, color: string) {
  const [actual, expected] = await alert.evaluate((el, c) => {
    const probe = document.createElement("div");
    probe.style.background = `var(--mantine-color-${c}-light)`;
    el.parentElement!.appendChild(probe);
    const want = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return [getComputedStyle(el).backgroundColor, want];
  }, color);
  expect(actual).toBe(expected);
}

const fillNode = (page: Page, name: string, password: string) => fillNodeForm(page, { name, panelUrl: sim.url, username: "outadmin", password });

test("a node added with a wrong panel password is saved as not synced, with exactly one warning", async ({ browser }) => {
  const nodeName = `Out-${Date.now().toString(36)}`;
  const ctx = await browser.newContext({ ...asClient(), locale: "zh-CN" });
  const admin = await ctx.newPage();
  await loginAsAdmin(admin);

  await admin.goto("/admin/nodes");
  await admin.getByTestId("add-node").click();
  await fillNode(admin, nodeName, "wrong-password");
  await admin.getByTestId("node-submit").click();

  const created = admin.getByTestId("node-created");
  await expect(created).toHaveAttribute("data-synced", "false");
  // One dialog, holding one alert; no toast.
  expect(await messagesOn(admin)).toEqual({ toasts: 0, alerts: 1 });
  const dialog = admin.getByRole("dialog");
  await expect(dialog).toHaveCount(1);
  await expect(dialog.locator(".mantine-Modal-title")).toHaveText(zh.nodes.form.createdNotSyncedTitle!);
  const alert = dialog.getByTestId("sync-result");
  await expect(alert).toHaveAttribute("data-tone", "warning");
  await expectAlertColor(alert, "yellow");
  await expect(alert).toContainText(zh.nodes.sync.failedTitle);
  await expect(alert).toContainText(zhErrors.panelBadCredentials!);
  await expect(alert).toContainText(zh.nodes.sync.hiddenUntilSync);

  // The list shows it saved, not synced, and hidden from users.
  await admin.getByTestId("open-node").click();
  await expect(admin).toHaveURL(/\/admin\/nodes\/[0-9a-f-]{36}$/);
  const nodeUrl = admin.url();
  await admin.goto("/admin/nodes");
  const row = admin.locator(`[data-testid="node-row"][data-name="${nodeName}"]`);
  await expect(row.getByTestId("panel-status")).toHaveAttribute("data-status", "ERROR");
  await expect(row.getByTestId("panel-status")).toHaveText(zh.nodes.panelStatus.ERROR!);
  await expect(row.getByTestId("node-visibility")).toHaveAttribute("data-visibility", "PENDING");
  await expect(row.getByTestId("node-visibility")).toHaveText(zh.nodes.visibility.PENDING!);

  // "Test" in the list: one toast, a warning, in words (not the panel's English).
  await row.getByTestId("node-test").click();
  const toast = admin.locator(".mantine-Notification-root");
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(zhErrors.panelBadCredentials!);
  expect(await messagesOn(admin)).toEqual({ toasts: 1, alerts: 0 });
  await ctx.close();

  // The node page, in English: saving the wrong password again is one warning that says it saved.
  const enCtx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const page = await enCtx.newPage();
  await loginAsAdmin(page);
  await page.goto(nodeUrl);
  const form = page.getByTestId("node-form-edit");
  await form.getByTestId("node-password").fill("still-wrong");
  await form.getByTestId("node-submit").click();
  const saved = form.getByTestId("sync-result");
  await expect(saved).toHaveAttribute("data-ok", "false");
  expect(await messagesOn(page)).toEqual({ toasts: 0, alerts: 1 });
  await expect(saved).toHaveAttribute("data-tone", "warning");
  await expectAlertColor(saved, "yellow");
  await expect(saved).toContainText(en.nodes.form.savedFailedTitle!);
  await expect(saved).toContainText(en.nodes.sync.hiddenUntilSync);

  // The right password: one success message, and the node is synced and visible.
  await form.getByTestId("node-password").fill("out-pass-1");
  await form.getByTestId("node-submit").click();
  await expect(saved).toHaveAttribute("data-ok", "true");
  expect(await messagesOn(page)).toEqual({ toasts: 0, alerts: 1 });
  await expect(saved).toContainText(en.nodes.form.updated!.replace("{name}", nodeName));
  await expectAlertColor(saved, "teal");
  await expect(page.getByTestId("node-info").getByTestId("node-visibility")).toHaveAttribute("data-visibility", "VISIBLE");
  await enCtx.close();
});
