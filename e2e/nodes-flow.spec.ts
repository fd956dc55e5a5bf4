// Issue 3 end to end: an admin adds a node that points at the 3x-ui simulator (a real HTTP server
// started by this test), sees its inbounds synced, renames one, generates an agent token; reports
// sent with that token appear on the node page and on a user's Lines page.
import { expect, test } from "@playwright/test";
import { startXuiSimulator, type XuiSimulator } from "../simulators/xui";
import { addSyncedNode, asClient, createUserAsAdmin, expectLoggedInAt, login, loginAsAdmin, uniqueEmail } from "./helpers";

let sim: XuiSimulator;
test.beforeAll(async () => {
  sim = await startXuiSimulator({
    username: "paneladmin",
    password: "panel-pass-1",
    basePath: "/xui-e2e/",
    inbounds: [
      { id: 1, protocol: "vmess", port: 31001, clients: [{ email: "other-user", id: "11111111-2222-3333-4444-555555555555", enable: true }] },
      { id: 2, protocol: "trojan", port: 31002, clients: [{ email: "someone", password: "their-secret-pw", enable: true }] },
    ],
  });
});
test.afterAll(async () => sim?.close());

test("admin adds a node, renames an inbound, issues a token; agent reports show on node and Lines pages", async ({ browser, baseURL, playwright }) => {
  const nodeName = `Tokyo-${Date.now().toString(36)}`;
  const adminCtx = await browser.newContext(asClient());
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);

  await addSyncedNode(admin, { name: nodeName, panelUrl: sim.url, username: "paneladmin", password: "panel-pass-1" });
  await admin.getByTestId("open-node").click();
  await expect(admin).toHaveURL(/\/admin\/nodes\/[0-9a-f-]{36}$/);

  await expect(admin.getByTestId("inbound-row")).toHaveCount(2);
  await expect(admin.locator("body")).not.toContainText("their-secret-pw");
  const first = admin.getByTestId("inbound-row").first();
  await first.getByTestId("inbound-display-name").fill("Premium HK");
  await first.getByTestId("inbound-save").click();
  // Saved: the button goes back to "nothing to save" (data-disabled; a button merely busy is only
  // `disabled`). Reloading earlier would abort the action.
  await expect(first.getByTestId("inbound-save")).toHaveAttribute("data-disabled", "true");
  await admin.reload();
  await expect(admin.getByTestId("inbound-display-name").first()).toHaveValue("Premium HK");

  await admin.getByTestId("generate-token").click();
  const token = (await admin.getByTestId("token-value").textContent())!.trim();
  expect(token).toMatch(/^rbn_[A-Za-z0-9_-]{43}$/);
  await admin.getByTestId("token-done").click();

  const agent = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const lat = await agent.post("/api/agent/latency", { data: { latencies: [{ carrier: "telecom", latencyMs: 42.5 }, { carrier: "unicom", latencyMs: 61 }, { carrier: "mobile", latencyMs: 88 }] } });
  expect(lat.status()).toBe(200);
  const hops = [
    { hop: 1, ip: "10.0.0.1", geo: "JP", latency: 1, asn: "", owner: "", isp: "" },
    { hop: 2, ip: "59.43.182.1", geo: "CN", latency: 40, asn: "AS4809", owner: "China Telecom", isp: "CN2 GIA" },
  ];
  const tr = await agent.post("/api/agent/trace", { data: { traces: [{ carrier: "telecom", hops, summary: "163 (agent label is ignored)", hopCount: 2 }] } });
  expect(tr.status()).toBe(200);
  const bad = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: "Bearer rbn_not-a-real-token" } });
  expect((await bad.post("/api/agent/latency", { data: { latencies: [] } })).status()).toBe(401);

  await admin.reload();
  await expect(admin.getByTestId("latency-card-telecom")).toContainText("42");
  await expect(admin.getByTestId("trace-summary-telecom")).toContainText("CN2 GIA");

  // A user sees the node on the Lines page with its latency and route label.
  const email = uniqueEmail("liner");
  await createUserAsAdmin(admin, email, "liner-pass-1");
  const userCtx = await browser.newContext(asClient());
  const user = await userCtx.newPage();
  await login(user, email, "liner-pass-1");
  await expectLoggedInAt(user, /\/dashboard$/);
  await user.goto("/lines");
  const card = user.getByTestId(`lines-node-${nodeName}`);
  await expect(card).toContainText("42");
  await expect(card).toContainText("CN2 GIA");
  // The user's browser never receives panel details.
  expect(await user.content()).not.toContain(sim.url);
  await agent.dispose();
  await bad.dispose();
  await adminCtx.close();
  await userCtx.close();
});
