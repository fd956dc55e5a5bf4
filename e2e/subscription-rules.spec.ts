// Issue 26 item 3 in a browser: the admin's response rules page. The tester names the default rule
// for a client; a list typed into the editor is tested as a draft, saved, shown in words with the
// "custom" badge, and answered by the content endpoint (a 451 for the blocked app); a catastrophic
// regex is refused with its problem; restoring the defaults brings the badge back.
import { expect, test } from "@playwright/test";
import { asClient, loginAsAdmin, navigationReady } from "./helpers";

const RULES = [
  { name: "Blocked app", when: { all: [{ header: "user-agent", op: "startsWith", value: "BadApp" }] }, then: { status: 451, message: "Not for this app." } },
  { name: "Browsers", when: { all: [{ header: "accept", op: "contains", value: "text/html" }] }, then: { page: true } },
  { name: "Everything else", then: { format: "base64" } },
];

test("the tester, a saved list the endpoint answers from, a refused regex, and the defaults restored", async ({ browser, request }) => {
  test.slow();
  const ctx = await browser.newContext({ ...asClient(), locale: "en-US" });
  const page = await ctx.newPage();
  await loginAsAdmin(page);
  await page.goto("/admin/subscription-rules");
  await navigationReady(page);
  try {
    await expect(page.getByTestId("rules-badge")).toHaveText("Shipped defaults");
    await page.getByTestId("rules-tester-ua").fill("Stash/3.1.0 Clash/1.11.0");
    await page.getByTestId("rules-tester-run").click();
    await expect(page.getByTestId("rules-tester-rule")).toHaveText("Stash");

    // A draft is tested before it is saved.
    await page.getByTestId("rules-editor").fill(JSON.stringify(RULES, null, 2));
    await page.getByTestId("rules-tester-draft").check({ force: true });
    await page.getByTestId("rules-tester-ua").fill("BadApp/2.0");
    await page.getByTestId("rules-tester-run").click();
    await expect(page.getByTestId("rules-tester-rule")).toHaveText("Blocked app");
    await expect(page.getByTestId("rules-badge")).toHaveText("Shipped defaults");

    await page.getByTestId("rules-save").click();
    await expect(page.getByTestId("rules-badge")).toHaveText("Custom");
    await expect(page.getByTestId("rules-item")).toHaveCount(3);
    // The endpoint answers from the saved list at once: before any token check, the blocked app gets 451.
    await expect
      .poll(async () => (await request.get("/api/subscription/all?token=x", { headers: { "user-agent": "BadApp/2.0", "x-forwarded-for": "198.18.99.1" } })).status(), { timeout: 5_000 })
      .toBe(451);

    // A catastrophic pattern is refused with the rule and condition named; nothing changes.
    const evil = [{ name: "Evil", when: { all: [{ header: "user-agent", op: "regex", value: "^(a+)+$" }] }, then: { status: 404 } }];
    await page.getByTestId("rules-editor").fill(JSON.stringify(evil));
    await page.getByTestId("rules-save").click();
    await expect(page.getByTestId("rules-problems")).toContainText("catastrophic backtracking");
    await expect(page.getByTestId("rules-item")).toHaveCount(3);
  } finally {
    // Other specs on this server expect the shipped rules (the browser page rule above all).
    await page.getByTestId("rules-restore").click();
    await page.getByTestId("rules-restore-confirm").click();
    await expect(page.getByTestId("rules-badge")).toHaveText("Shipped defaults");
    await ctx.close();
  }
});
