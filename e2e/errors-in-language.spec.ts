// Issue 7 item 2 in a browser: a message built on the server reads in the reader's language, the
// same failure in Chinese for a Chinese admin and in English for an English one, on every way it
// reaches them: the add-node dialog, the node page (a stored panel failure), a form's field error
// from a Server Action, and an API error body.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { startXuiSimulator, type XuiSimulator } from "../simulators/xui";
import { asClient, createUserAsAdmin, fillNodeForm, loginAsAdmin, uniqueEmail } from "./helpers";

type Catalogue = { serverErrors: Record<string, string> };
const zh = (JSON.parse(readFileSync("messages/zh-CN/errors.json", "utf8")) as Catalogue).serverErrors;
const en = (JSON.parse(readFileSync("messages/en/errors.json", "utf8")) as Catalogue).serverErrors;

let sim: XuiSimulator;
test.beforeAll(async () => {
  sim = await startXuiSimulator({ username: "langadmin", password: "lang-pass-1", inbounds: [{ id: 1, protocol: "vless", port: 31301, clients: [] }] });
});
test.afterAll(async () => sim?.close());

test("a panel failure reads in each admin's language: the add dialog, the list and the node page", async ({ browser }) => {
  const nodeName = `Lang-${Date.now().toString(36)}`;
  const zhCtx = await browser.newContext({ ...asClient(), locale: "zh-CN" });
  const admin = await zhCtx.newPage();
  await loginAsAdmin(admin);
  await admin.goto("/admin/nodes");
  await admin.getByTestId("add-node").click();
  await fillNodeForm(admin, { name: nodeName, panelUrl: sim.url, username: "langadmin", password: "wrong-password" });
  await admin.getByTestId("node-submit").click();

  const alert = admin.getByRole("dialog").getByTestId("sync-result");
  await expect(alert).toHaveAttribute("data-ok", "false");
  await expect(alert).toContainText(zh.panelBadCredentials!);
  // No English sentence from the server inside the Chinese page (the old "Panel login failed: ...").
  await expect(alert).not.toContainText(/panel|password/i);

  await admin.getByTestId("open-node").click();
  await expect(admin).toHaveURL(/\/admin\/nodes\/[0-9a-f-]{36}$/);
  const nodeUrl = admin.url();
  await expect(admin.getByTestId("node-panel-error")).toHaveText(zh.panelBadCredentials!);
  await zhCtx.close();

  // The same stored failure, read by an English admin.
  const enCtx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const enAdmin = await enCtx.newPage();
  await loginAsAdmin(enAdmin);
  await enAdmin.goto(nodeUrl);
  await expect(enAdmin.getByTestId("node-panel-error")).toHaveText(en.panelBadCredentials!);
  await enCtx.close();
});

test("a field error from a Server Action is worded in the page's language", async ({ browser }) => {
  const email = uniqueEmail("taken");
  for (const [locale, words] of [["zh-CN", zh], ["en-US", en]] as const) {
    const ctx = await browser.newContext({ ...asClient(), locale });
    const admin = await ctx.newPage();
    await loginAsAdmin(admin);
    if (locale === "zh-CN") await createUserAsAdmin(admin, email, "taken-pass-1");
    await admin.goto("/admin/users");
    await admin.getByTestId("create-user").click();
    await admin.getByTestId("new-email").fill(email);
    await admin.getByTestId("new-password").fill("another-pass-1");
    await admin.getByTestId("create-submit").click();
    // The modal shows the service's conflict and the email field's own problem, both from the catalogue.
    const dialog = admin.getByRole("dialog");
    await expect(dialog.getByTestId("form-error")).toContainText(words.emailTaken!);
    // The field's own message sits under the email input (its aria-describedby error element).
    await expect(dialog.locator(".mantine-InputWrapper-error")).toHaveText(words.field_email_taken!);
    await ctx.close();
  }
});

test("an API error body is in the caller's language: the cookie first, then Accept-Language; code and reason stay", async ({ playwright, baseURL }) => {
  const ask = async (headers: Record<string, string>) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...asClient().extraHTTPHeaders, ...headers } });
    const res = await api.post("/api/agent/latency", { data: { samples: [] } });
    const body = (await res.json()) as { error: { code: string; message: string; details: { reason: string } } };
    await api.dispose();
    expect(res.status()).toBe(401);
    expect(body.error.code).toBe("UNAUTHENTICATED");
    expect(body.error.details.reason).toBe("agent_token_missing");
    return body.error.message;
  };
  expect(await ask({ "accept-language": "zh-CN,zh;q=0.9" })).toBe(zh.agentTokenMissing);
  expect(await ask({ "accept-language": "en-US,en;q=0.9" })).toBe(en.agentTokenMissing);
  expect(await ask({ "accept-language": "en-US", cookie: "NEXT_LOCALE=zh-CN" })).toBe(zh.agentTokenMissing);
});
