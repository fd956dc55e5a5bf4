// Issue 7 item 11: disabling and banning a user are confirmed in a dialog that names the user and
// asks for a reason (required; the audit log keeps it); re-activating takes an optional note. In
// Chinese on a dark phone and in English on a light desktop.
import { readFileSync } from "node:fs";
import { expect, test, type Locator } from "@playwright/test";
import { asClient, createUserAsAdmin, loginAsAdmin, uniqueEmail } from "./helpers";

type Words = { userStatusChange: Record<string, string> };
const words = (file: string) => JSON.parse(readFileSync(`messages/${file}/admin-users.json`, "utf8")) as Words;

const MODES = [
  { file: "zh-CN", locale: "zh-CN", colorScheme: "dark" as const, viewport: { width: 390, height: 844 } },
  { file: "en", locale: "en-US", colorScheme: "light" as const, viewport: { width: 1280, height: 800 } },
];

/** Inside the viewport horizontally: the dialog's controls are usable on a phone. */
async function expectInView(target: Locator, width: number) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

for (const mode of MODES) {
  test(`disable and ban ask for a reason, re-activate does not (${mode.file}, ${mode.colorScheme}, ${mode.viewport.width} px)`, async ({ browser }) => {
    const w = words(mode.file).userStatusChange;
    const ctx = await browser.newContext({ ...asClient(), locale: mode.locale, colorScheme: mode.colorScheme, viewport: mode.viewport });
    const admin = await ctx.newPage();
    await loginAsAdmin(admin);
    const email = uniqueEmail("reason");
    await createUserAsAdmin(admin, email, "reason-pass-1");
    await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    // The phone layout (cards) replaces the table once the page knows its width; a click on the
    // table's menu before that lands on a button that is about to go away.
    await expect(admin.getByTestId(mode.viewport.width < 768 ? "users-cards" : "users-table")).toBeVisible();
    const row = admin.locator(`[data-testid="user-row"][data-email="${email}"]`);
    const dialog = admin.getByRole("dialog");
    const choose = async (status: string) => {
      await admin.getByTestId(`status-menu-${email}`).click();
      await admin.getByTestId(`status-${status}`).click();
      await expect(dialog).toBeVisible();
    };

    // Cancelling changes nothing.
    await choose("BANNED");
    await admin.getByRole("button", { name: w.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId("status-badge")).toHaveAttribute("data-status", "ACTIVE");

    for (const status of ["DISABLED", "BANNED"]) {
      await choose(status);
      await expect(dialog).toContainText(w[`title_${status}`]!);
      await expect(admin.getByTestId("status-change-text")).toHaveText(w[`text_${status}`]!.replace("{email}", email));
      await expect(admin.getByTestId("status-reason")).toHaveAttribute("required", "");
      await expect(dialog.getByRole("textbox", { name: w.reason!, exact: true })).toHaveAttribute("data-testid", "status-reason");
      await expectInView(admin.getByTestId("status-submit"), mode.viewport.width);
      // No reason, or only blanks: refused in the dialog, the user keeps the status.
      await admin.getByTestId("status-submit").click();
      await expect(dialog).toContainText(w.reasonRequired!);
      await admin.getByTestId("status-reason").fill("   ");
      await admin.getByTestId("status-submit").click();
      await expect(dialog).toContainText(w.reasonRequired!);
      await expect(dialog).toBeVisible();
      // With a reason it is done.
      await admin.getByTestId("status-reason").fill(`Reason for ${status}: repeated abuse reports`);
      await admin.getByTestId("status-submit").click();
      await expect(dialog).toBeHidden();
      await expect(row.getByTestId("status-badge")).toHaveAttribute("data-status", status);
    }

    // Re-activating: the same confirmation, with an optional note; empty is fine.
    await choose("ACTIVE");
    await expect(dialog).toContainText(w.title_ACTIVE!);
    await expect(admin.getByTestId("status-reason")).not.toHaveAttribute("required");
    await expect(dialog.getByRole("textbox", { name: w.note!, exact: true })).toHaveAttribute("data-testid", "status-reason");
    await admin.getByTestId("status-submit").click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId("status-badge")).toHaveAttribute("data-status", "ACTIVE");
    await ctx.close();
  });
}
