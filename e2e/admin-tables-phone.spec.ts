// Issue 7 item 5 in a browser: the admin's wide tables (users, nodes, a node's inbounds) become
// stacked cards on a 390 px phone, in light (English) and dark (Chinese): the page does not scroll
// sideways, each row's key facts are shown and every row action lies inside the viewport.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { startXuiSimulator, type XuiSimulator } from "../simulators/xui";
import { addSyncedNode, asClient, createUserAsAdmin, loginAsAdmin, uniqueEmail } from "./helpers";

const PHONE = { width: 390, height: 844 };

let sim: XuiSimulator;
let nodeUrlForLaptop = "";
test.beforeAll(async () => {
  sim = await startXuiSimulator({
    username: "phoneadmin",
    password: "phone-pass-1",
    basePath: "/xui-phone/",
    inbounds: [
      { id: 1, protocol: "vless", port: 31301, clients: [] },
      { id: 2, protocol: "trojan", port: 31302, clients: [{ email: "someone", password: "their-pass", enable: true }] },
    ],
  });
});
test.afterAll(async () => sim?.close());

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Shown, and horizontally inside the viewport (not clipped by a scroll container beyond it). */
async function expectInView(target: Locator) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

for (const scheme of [
  { colorScheme: "light" as const, locale: "en-US" },
  { colorScheme: "dark" as const, locale: "zh-CN" },
]) {
  test(`users, nodes and inbounds are cards with their actions in view at 390 px (${scheme.colorScheme})`, async ({ browser }) => {
    const ctx = await browser.newContext({ ...asClient(), ...scheme, viewport: PHONE });
    const page = await ctx.newPage();
    await loginAsAdmin(page);
    expect(await page.evaluate(() => document.documentElement.getAttribute("data-mantine-color-scheme"))).toBe(scheme.colorScheme);

    // Users: a card per user with email, role and status; status menu, edit and delete in view.
    const email = uniqueEmail("phone");
    await createUserAsAdmin(page, email, "phone-user-pass-1");
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("users-cards")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    const user = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
    await expect(user).toContainText(email);
    await expectInView(user.getByTestId("role-badge"));
    await expectInView(user.getByTestId("status-badge"));
    for (const id of [`status-menu-${email}`, `edit-${email}`, `delete-${email}`]) await expectInView(page.getByTestId(id));
    await expectNoSidewaysScroll(page);
    // The whole first page of users, too (the admin's own card has its actions, disabled).
    await page.goto("/admin/users");
    await expect(page.getByTestId("users-cards")).toBeVisible();
    for (const row of await page.getByTestId("user-row").all()) {
      for (const b of await row.getByRole("button").all()) await expectInView(b);
    }
    await expectNoSidewaysScroll(page);
    // A row action works from the card: the status menu opens inside the screen.
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("users-cards")).toBeVisible();
    await page.getByTestId(`status-menu-${email}`).click();
    await expectInView(page.getByTestId("status-DISABLED"));
    await page.keyboard.press("Escape");

    // Nodes: add one (the dialog fits too), then its card shows name, panel state, visibility and actions.
    const nodeName = `Phone-${scheme.colorScheme}-${Date.now().toString(36)}`;
    await addSyncedNode(page, { name: nodeName, panelUrl: sim.url, username: "phoneadmin", password: "phone-pass-1" });
    await expectInView(page.getByTestId("open-node"));
    await expectNoSidewaysScroll(page);
    await page.getByTestId("open-node").click();
    await expect(page).toHaveURL(/\/admin\/nodes\/[0-9a-f-]{36}$/);
    const nodeUrl = page.url();
    nodeUrlForLaptop = nodeUrl;

    await page.goto("/admin/nodes");
    await expect(page.getByTestId("nodes-cards")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    const node = page.locator(`[data-testid="node-row"][data-name="${nodeName}"]`);
    await expectInView(node.getByTestId("node-link"));
    await expectInView(node.getByTestId("panel-status"));
    await expect(node.getByTestId("panel-status")).toHaveAttribute("data-status", "OK");
    await expectInView(node.getByTestId("node-visibility"));
    await expectInView(node.locator(".mantine-Switch-track"));
    await expectInView(node.getByTestId("node-select"));
    await expectInView(node.getByTestId("node-test"));
    await expectInView(node.getByRole("link", { name: /details|详情/i }));
    await expectInView(page.getByTestId("node-select-all"));
    await expectInView(page.getByTestId("test-selected"));
    await expectInView(page.getByTestId("add-node"));
    for (const row of await page.getByTestId("node-row").all()) {
      for (const b of await row.getByRole("button").all()) await expectInView(b);
    }
    await expectNoSidewaysScroll(page);
    // Selecting from a card feeds "test selected".
    await node.getByTestId("node-select").check();
    await expect(page.getByTestId("test-selected")).toBeEnabled();

    // Inbounds on the node page: protocol and port, state, the name editor and delete in view.
    await page.goto(nodeUrl);
    await expect(page.getByTestId("inbounds-cards")).toBeVisible();
    await expect(page.getByTestId("inbound-row")).toHaveCount(2);
    for (const row of await page.getByTestId("inbound-row").all()) {
      await expect(row).toContainText(/vless|trojan/);
      await expectInView(row.getByTestId("inbound-active"));
      await expectInView(row.getByTestId("inbound-display-name"));
      await expectInView(row.getByTestId("inbound-save"));
      await expectInView(row.getByTestId("inbound-delete"));
    }
    await expectNoSidewaysScroll(page);
    // Renaming works from the card.
    const first = page.getByTestId("inbound-row").first();
    await first.getByTestId("inbound-display-name").fill(`Phone ${scheme.colorScheme}`);
    await first.getByTestId("inbound-save").click();
    await expect(first.getByTestId("inbound-save")).toHaveAttribute("data-disabled", "true");
    await ctx.close();
  });
}

test("a small laptop gets the tables (one layout, never both), their actions pinned in view", async ({ browser }) => {
  const width = 1024;
  const ctx = await browser.newContext({ ...asClient(), viewport: { width, height: 768 } });
  const page = await ctx.newPage();
  await loginAsAdmin(page);
  const inView = async (target: Locator) => {
    const box = (await target.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  };
  await page.goto("/admin/users");
  await expect(page.getByTestId("users-table")).toBeVisible();
  await expect(page.getByTestId("users-cards")).toHaveCount(0);
  for (const b of await page.getByTestId("user-row").first().getByRole("button").all()) await inView(b);
  // The nodes table is wider than the screen here: it scrolls, and the actions column stays put.
  await page.goto("/admin/nodes");
  await expect(page.getByTestId("nodes-table")).toBeVisible();
  await expect(page.getByTestId("nodes-cards")).toHaveCount(0);
  const test1 = page.getByTestId("node-test").first();
  await inView(test1);
  await test1.click({ trial: true });
  await page.goto(nodeUrlForLaptop);
  await expect(page.getByTestId("inbounds-table")).toBeVisible();
  await inView(page.getByTestId("inbound-delete").first());
  await ctx.close();
});
