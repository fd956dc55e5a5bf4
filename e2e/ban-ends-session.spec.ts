import { expect, test } from "@playwright/test";
import { asClient, createUserAsAdmin, expectLoggedInAt, login, loginAsAdmin, uniqueEmail } from "./helpers";

test("an admin bans a user and the user's open session is refused on its next request", async ({ browser }) => {
  const email = uniqueEmail("banned");
  const userCtx = await browser.newContext(asClient());
  const adminCtx = await browser.newContext(asClient());
  const user = await userCtx.newPage();
  const admin = await adminCtx.newPage();

  // The admin creates the user (verification applies to self-registration only).
  await loginAsAdmin(admin);
  await createUserAsAdmin(admin, email, "banned-pass-1");

  await login(user, email, "banned-pass-1");
  await expectLoggedInAt(user, /\/dashboard$/);

  await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await admin.getByTestId(`status-menu-${email}`).click();
  await admin.getByTestId("status-BANNED").click();
  await expect(admin.getByTestId("user-row").filter({ hasText: email })).toContainText("BANNED");

  await user.reload();
  await expect(user).toHaveURL(/\/login/);
  const session = await user.request.get("/api/auth/session");
  expect(await session.json()).toEqual({});

  // And a fresh login is refused with the reason.
  await login(user, email, "banned-pass-1");
  await expect(user.getByTestId("form-error")).toBeVisible();
  await userCtx.close();
  await adminCtx.close();
});
