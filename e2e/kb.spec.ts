// The knowledge base in a real browser: an admin writes a set-up guide in English with the live
// preview (raw HTML shown as text) under a new category key, then its Chinese translation from the
// editor's link, and words the new category in both languages; an English reader searches (stemmed: "configure" finds "Configuring"), opens the guide,
// votes "helpful" and finds the vote kept after a reload; a Chinese reader searches in Chinese
// (a substring of a run of Han characters), opens the translation and votes "not helpful"; the
// admin list shows both votes. Along the way the article page and the editor pass axe, light and
// dark, and the article fits a phone.
import { expect, test, type Page } from "@playwright/test";
import { axeFindings } from "./check-axe";
import { fitFindings, PHONE } from "./check-phone-fit";
import { asClient, hydrated, loginAsAdmin, navigationReady } from "./helpers";

async function reader(browser: import("@playwright/test").Browser, locale: "en-US" | "zh-CN"): Promise<Page> {
  return (await browser.newContext({ ...asClient(), locale })).newPage();
}

/** Searches the help center from its front page and answers the results' (slug, language) pairs. */
async function search(page: Page, q: string) {
  await page.goto("/kb");
  await hydrated(page, "kb-search-submit");
  await page.getByTestId("kb-search").fill(q);
  await page.getByTestId("kb-search-submit").click();
  await expect(page).toHaveURL(new RegExp(`/kb\\?q=${encodeURIComponent(q).replace(/%20/g, "\\+")}`));
  await expect(page.getByTestId("kb-results")).toBeVisible();
  return page.getByTestId("kb-item");
}

test("an admin writes a guide in both languages; readers search in each language, open it and vote", async ({ browser }) => {
  test.slow(); // two editors, two readers, axe twice
  const tag = Date.now().toString(36);
  const slug = `clash-${tag}`;
  const category = `clients-${tag}`;
  const found: string[] = [];

  const admin = await (await browser.newContext({ ...asClient(), locale: "en-US" })).newPage();
  await loginAsAdmin(admin);
  await admin.goto("/admin/kb");
  await navigationReady(admin);

  // The English guide, with the live preview; its category key is new, so it is made with the article.
  await admin.getByTestId("kb-new-article").click();
  await expect(admin).toHaveURL(/\/admin\/kb\/new$/);
  await navigationReady(admin);
  await admin.getByTestId("kb-editor-title").fill(`Configuring Clash Verge ${tag}`);
  await admin.getByTestId("kb-editor-slug").fill(slug);
  await admin.getByTestId("kb-editor-category").fill(category);
  await admin.getByTestId("kb-editor-body").fill("Import **the subscription link**, then pick a line.\n\n<script>window.__kbRan = 1</script>\n\n[Your subscriptions](/subscriptions)");
  const preview = admin.getByTestId("kb-editor-preview");
  await expect(preview.locator("strong")).toHaveText("the subscription link");
  await expect(preview).toContainText("<script>window.__kbRan = 1</script>");
  await expect(preview.locator("script")).toHaveCount(0);
  found.push(...(await axeFindings(admin, "editor [en]")));
  await admin.getByTestId("kb-editor-submit").click();
  await expect(admin).toHaveURL(/\/admin\/kb\/[0-9a-f-]{36}$/);
  await expect(admin.getByTestId("kb-editor-votes")).toBeVisible();

  // Its Chinese translation, started from the editor: same address and category, the other language.
  await admin.getByTestId("kb-editor-translation").click();
  await expect(admin).toHaveURL(/\/admin\/kb\/new\?/);
  await navigationReady(admin);
  await expect(admin.getByTestId("kb-editor-slug")).toHaveValue(slug);
  await expect(admin.getByTestId("kb-editor-category")).toHaveValue(category);
  await expect(admin.getByTestId("kb-editor-locale")).toHaveValue("Chinese");
  await admin.getByTestId("kb-editor-title").fill(`在 Windows 上配置 Clash ${tag}`);
  await admin.getByTestId("kb-editor-body").fill("如何导入订阅链接并选择线路。");
  await admin.getByTestId("kb-editor-submit").click();
  await expect(admin).toHaveURL(/\/admin\/kb\/[0-9a-f-]{36}$/);

  // The new category, named by its key so far, worded in both languages.
  await admin.goto("/admin/kb");
  await navigationReady(admin);
  await admin.getByTestId("kb-open-categories").click();
  const dialog = admin.getByTestId("kb-categories-dialog");
  const row = dialog.getByTestId("kb-category-row").filter({ hasText: category });
  await row.getByTestId("kb-category-edit").click();
  await expect(dialog.getByTestId("kb-category-key")).toHaveValue(category);
  await dialog.getByTestId("kb-category-name-en").fill(`Client apps ${tag}`);
  await dialog.getByTestId("kb-category-name-zh").fill(`客户端 ${tag}`);
  await dialog.getByTestId("kb-category-save").click();
  await expect(row).toContainText(`客户端 ${tag}`);
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // An English reader: "configure" finds "Configuring" (stemmed), the guide opens, the script stays text.
  const en = await reader(browser, "en-US");
  const hits = await search(en, `configure ${tag}`);
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toHaveAttribute("data-locale", "en");
  await hits.first().getByTestId("kb-item-link").click();
  await expect(en).toHaveURL(new RegExp(`/kb/${slug}$`));
  await expect(en.getByTestId("kb-article-title")).toHaveText(`Configuring Clash Verge ${tag}`);
  const body = en.getByTestId("kb-article-body");
  await expect(body.locator("strong")).toHaveText("the subscription link");
  await expect(body).toContainText("<script>window.__kbRan = 1</script>");
  await expect(body.getByRole("link", { name: "Your subscriptions" })).toHaveAttribute("href", "/subscriptions");
  expect(await en.evaluate(() => (window as unknown as { __kbRan?: number }).__kbRan)).toBeUndefined();
  await expect(en.getByTestId("kb-other-language")).toHaveText("Also in Chinese");
  await expect(en.getByRole("link", { name: `Client apps ${tag}` })).toHaveAttribute("href", `/kb?category=${category}`);
  await hydrated(en, "kb-vote-yes");
  found.push(...(await axeFindings(en, "article [en]", { shell: false })));
  await en.getByTestId("kb-vote-yes").click();
  await expect(en.getByTestId("kb-vote-thanks")).toBeVisible();
  await expect(en.getByTestId("kb-vote-yes")).toHaveAttribute("aria-pressed", "true");
  // This browser's vote is kept (its cookie), after a reload too.
  await en.reload();
  await expect(en.getByTestId("kb-vote")).toHaveAttribute("data-vote", "yes");
  // The API answers the same search.
  const api = (await (await en.request.get(`/api/kb/articles?q=${encodeURIComponent(`configure ${tag}`)}`)).json()) as { items: { slug: string; locale: string }[]; total: number };
  expect(api).toMatchObject({ total: 1, items: [{ slug, locale: "en" }] });

  // A Chinese reader: "导入" sits inside a run of Han characters, found as a substring.
  const zh = await reader(browser, "zh-CN");
  const zhHits = await search(zh, `导入 ${tag}`);
  await expect(zhHits).toHaveCount(1);
  await expect(zhHits.first()).toHaveAttribute("data-locale", "zh-CN");
  await zhHits.first().getByTestId("kb-item-link").click();
  await expect(zh.getByTestId("kb-article-title")).toHaveText(`在 Windows 上配置 Clash ${tag}`);
  await expect(zh.getByTestId("kb-other-language")).toHaveText("另有英文版本");
  await hydrated(zh, "kb-vote-no");
  await zh.getByTestId("kb-vote-no").click();
  await expect(zh.getByTestId("kb-vote")).toHaveAttribute("data-vote", "no");
  await zh.setViewportSize(PHONE);
  found.push(...(await fitFindings(zh, "article [390 zh-CN]")));

  // The admin sees the votes, one per article version.
  await admin.goto(`/admin/kb?q=${slug}`);
  await navigationReady(admin);
  const rows = admin.getByTestId("kb-row");
  await expect(rows).toHaveCount(2);
  await expect(admin.locator('[data-testid="kb-row"][data-locale="en"]').getByTestId("kb-row-votes")).toHaveText("1 yes · 0 no");
  await expect(admin.locator('[data-testid="kb-row"][data-locale="zh-CN"]').getByTestId("kb-row-votes")).toHaveText("0 yes · 1 no");
  expect(found, found.join("\n")).toEqual([]);
});
