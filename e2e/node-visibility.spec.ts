// Issue 7 item 1 in a browser: a node whose first sync succeeds is shown to users; the admin's switch
// (nodes table, Chinese UI) hides it from a user's Lines page (English UI) while the admin's own
// Lines page keeps it, marked hidden; switching it on (node page) brings it back.
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { startXuiSimulator, type XuiSimulator } from "../simulators/xui";
import { addSyncedNode, asClient, createUserAsAdmin, expectLoggedInAt, login, loginAsAdmin, uniqueEmail } from "./helpers";

type Words = { nodes: { visibility: Record<string, string> }; lines: Record<string, string> };
const zh = JSON.parse(readFileSync("messages/zh-CN/nodes.json", "utf8")) as Words;

// What a person clicks: Mantine's visible track (Styles API class), which covers the switch input.
const SWITCH_TRACK = ".mantine-Switch-track";

let sim: XuiSimulator;
test.beforeAll(async () => {
  sim = await startXuiSimulator({ username: "visadmin", password: "vis-pass-1", basePath: "/xui-vis/", inbounds: [{ id: 1, protocol: "vless", port: 31101, clients: [] }] });
});
test.afterAll(async () => sim?.close());

test("the admin's switch hides a node from users' Lines page and shows it again", async ({ browser }) => {
  const nodeName = `Vis-${Date.now().toString(36)}`;
  const adminCtx = await browser.newContext({ ...asClient(), locale: "zh-CN" });
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);

  await addSyncedNode(admin, { name: nodeName, panelUrl: sim.url, username: "visadmin", password: "vis-pass-1" });

  // The first sync succeeded: visible, said in words.
  await admin.goto("/admin/nodes");
  const row = admin.locator(`[data-testid="node-row"][data-name="${nodeName}"]`);
  await expect(row.getByTestId("node-visibility")).toHaveAttribute("data-visibility", "VISIBLE");
  await expect(row.getByTestId("node-visibility")).toHaveText(zh.nodes.visibility.VISIBLE!);

  const email = uniqueEmail("vis");
  await createUserAsAdmin(admin, email, "vis-user-pass-1");
  const userCtx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const user = await userCtx.newPage();
  await login(user, email, "vis-user-pass-1");
  await expectLoggedInAt(user, /\/dashboard$/);
  await user.goto("/lines");
  await expect(user.getByTestId(`lines-node-${nodeName}`)).toBeVisible();

  // Hide it from the nodes table.
  await admin.goto("/admin/nodes");
  await row.locator(SWITCH_TRACK).click();
  await expect(admin.getByText(zh.nodes.visibility.hidden!.replace("{name}", nodeName))).toBeVisible();
  await expect(row.getByTestId("node-visibility")).toHaveAttribute("data-visibility", "HIDDEN");
  await expect(row.getByTestId("node-visibility-switch")).not.toBeChecked();

  await user.reload();
  await expect(user.getByTestId("lines-page")).toBeVisible();
  await expect(user.getByTestId(`lines-node-${nodeName}`)).toHaveCount(0);

  // The admin's Lines page still lists it, marked as hidden from users.
  await admin.goto("/lines");
  const adminCard = admin.getByTestId(`lines-node-${nodeName}`);
  await expect(adminCard.getByTestId("lines-node-hidden")).toHaveText(zh.lines.hiddenBadge!);

  // Show it again from the node page.
  await admin.goto("/admin/nodes");
  await row.getByTestId("node-link").click();
  await expect(admin).toHaveURL(/\/admin\/nodes\/[0-9a-f-]{36}$/);
  const info = admin.getByTestId("node-info");
  await expect(info.getByTestId("node-visibility")).toHaveAttribute("data-visibility", "HIDDEN");
  await info.locator(SWITCH_TRACK).click();
  await expect(info.getByTestId("node-visibility")).toHaveAttribute("data-visibility", "VISIBLE");

  await user.reload();
  await expect(user.getByTestId(`lines-node-${nodeName}`)).toBeVisible();
  await adminCtx.close();
  await userCtx.close();
});
