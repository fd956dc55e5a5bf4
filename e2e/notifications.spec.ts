// The bell and the notifications page in a real browser: a paid order announces itself (count on
// the bell, the latest in its dropdown, the link opens the order and counts as read), the API
// answers the owner only, and the page marks read, deletes, and keeps the mail choices.
import { expect, test } from "@playwright/test";
import { navigationReady } from "./helpers";
import { cli, newBuyer, panelNode, planOnSale } from "./shop";

test("a paid order rings the bell; reading, the page's actions and the mail choices", async ({ browser, playwright }) => {
  const node = await panelNode("bell", 31441);
  const name = `E2E Bell ${Date.now().toString(36)}`;
  await planOnSale(node.name, "bell-vmess", name, 800);
  try {
    const { page } = await newBuyer(browser, "bell");
    await expect(page.getByTestId("bell-count")).toHaveAttribute("data-count", "0");

    // Two paid orders (confirmed by the operator), so there is one to read and one to delete.
    const orderIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      await page.goto("/store");
      await navigationReady(page);
      await page.getByTestId("plan-card").filter({ hasText: name }).getByTestId("buy-now").click();
      await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay$/);
      const id = /\/orders\/([0-9a-f-]{36})\/pay/.exec(page.url())![1]!;
      await cli(["order", "confirm", id]);
      orderIds.push(id);
    }
    await page.goto("/dashboard");
    await navigationReady(page);
    await expect(page.getByTestId("bell-count")).toHaveAttribute("data-count", "2");
    await expect(page.getByTestId("nav-notifications")).toContainText("2");

    // The API: the owner's list with the unread count; nobody else's.
    const api = await page.request.get("/api/notifications");
    expect(api.status()).toBe(200);
    const body = (await api.json()) as { items: { title: string; link: string; read: boolean }[]; unread: number; total: number };
    expect(body).toMatchObject({ unread: 2, total: 2 });
    expect(body.items[0]!.link).toBe(`/orders/${orderIds[1]}`);
    const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    expect((await anonymous.get("/api/notifications")).status()).toBe(401);
    await anonymous.dispose();

    // The bell: the newest first; opening it goes to the order and reads it.
    await page.getByTestId("bell").click();
    const items = page.getByTestId("bell-item");
    await expect(items).toHaveCount(2);
    // Written in the user's stored language, which is the default (zh-CN) until they pick one.
    await expect(items.first()).toContainText(/is paid|已支付/);
    await items.first().click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderIds[1]}$`));
    await expect(page.getByTestId("bell-count")).toHaveAttribute("data-count", "1");

    // The page: unread filter, delete read ones, mark all read.
    await page.goto("/notifications?unread=1");
    await expect(page.getByTestId("notification-row")).toHaveCount(1);
    await page.goto("/notifications");
    await navigationReady(page);
    await expect(page.getByTestId("notification-row")).toHaveCount(2);
    await page.getByTestId("notifications-clear-read").click();
    await page.getByTestId("notifications-clear-modal-confirm").click();
    await expect(page.getByTestId("notification-row")).toHaveCount(1);
    await page.getByTestId("notifications-read-all").click();
    await expect(page.getByTestId("notification-row").first()).toHaveAttribute("data-read", "true");
    await expect(page.getByTestId("bell-count")).toHaveAttribute("data-count", "0");
    await page.getByTestId("notification-delete").click();
    await expect(page.getByTestId("notifications-empty")).toBeVisible();

    // Mail choices are kept.
    await expect(page.getByTestId("mail-kind-TICKET")).toBeChecked();
    await expect(page.getByTestId("mail-kind-ORDER")).not.toBeChecked();
    await page.getByTestId("mail-kind-ORDER").check();
    await page.getByTestId("mail-kind-TICKET").uncheck();
    await page.getByTestId("mail-kinds-save").click();
    await expect(page.getByText("Mail choices saved.")).toBeVisible();
    await page.reload();
    await navigationReady(page);
    await expect(page.getByTestId("mail-kind-ORDER")).toBeChecked();
    await expect(page.getByTestId("mail-kind-TICKET")).not.toBeChecked();
    await page.context().close();
  } finally {
    await node.sim.close();
  }
});
