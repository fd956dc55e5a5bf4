// Backup and restore end to end: on the shared server an admin creates a user and downloads a
// backup from /admin/backup; a second, fresh instance (own port and DATA_DIR, embedded database,
// the same ENCRYPTION_KEY as the backup needs) starts with its own first admin, who restores the
// file with the typed confirmation. The result table appears, the restoring admin is signed out
// (every session is revoked), the fresh admin no longer exists, and the user from the first
// instance signs in there. The CLI refuses to dump through the running service's control socket.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { asClient, createUserAsAdmin, expectLoggedInAt, login, loginAsAdmin, navigationReady, uniqueEmail } from "./helpers";

async function startFreshInstance(port: number, admin: { email: string; password: string }): Promise<{ server: ChildProcess; base: string; env: NodeJS.ProcessEnv }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rb-restore-"));
  const base = `http://127.0.0.1:${port}`;
  // The shared server's environment (same ENCRYPTION_KEY and AUTH_SECRET), a new data dir, no database server.
  const env = { ...JSON.parse(process.env.E2E_SERVER_ENV!), PORT: String(port), APP_URL: base, DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
  // Nothing may answer on the port yet: a health answer must come from this server.
  if (await fetch(`${base}/api/health`).then(() => true, () => false)) throw new Error(`port ${port} is already in use`);
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { env, stdio: ["ignore", "inherit", "inherit"], detached: true });
  second = server;
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`second server exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (i > 900) throw new Error("second server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  return { server, base, env };
}

// A timed-out test never reaches its own finally: the second server is stopped here, so it cannot
// outlive the run and answer the next run's health check on the same port.
let second: ChildProcess | undefined;
test.afterEach(() => {
  try {
    if (second?.pid && second.exitCode === null) process.kill(-second.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
  second = undefined;
});

test("an admin downloads a backup, restores it into a fresh instance, and its users sign in there", async ({ browser }) => {
  test.slow(); // boots a second server and restores into it: three times the default limit
  const email = uniqueEmail("restored");
  const password = "restored-pass-1";

  // 1. The shared instance: a user to carry over, then the download.
  const adminCtx = await browser.newContext({ ...asClient(), locale: "en-US", acceptDownloads: true });
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);
  await createUserAsAdmin(admin, email, password);
  await admin.goto("/admin/backup");
  const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByTestId("backup-download").click()]);
  expect(download.suggestedFilename()).toMatch(/^relayboard-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sql$/);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "rb-dump-")), download.suggestedFilename());
  await download.saveAs(file);
  expect(readFileSync(file, "utf8")).toContain(email);
  await adminCtx.close();

  // 2. A fresh instance with its own first admin.
  const freshAdmin = { email: uniqueEmail("fresh-admin"), password: "fresh-admin-pass-1" };
  const port = Number(process.env.E2E_PORT ?? 3123) + 80;
  const { server, base, env } = await startFreshInstance(port, freshAdmin);
  try {
    // While the service owns the embedded database the CLI does not forward a dump through the
    // control socket: it says to use the page or stop the service.
    const cliRun = spawnSync(process.execPath, ["bin/relayboard.mjs", "backup"], { env: { ...env, RELAYBOARD_LANG: "en" }, encoding: "utf8", timeout: 60_000 });
    expect(cliRun.status).toBe(1);
    expect(cliRun.stderr).toMatch(/^error: UNAVAILABLE: .*\/admin\/backup/);
    expect(cliRun.stdout).toBe("");

    const ctx = await browser.newContext({ ...asClient(), baseURL: base, locale: "en-US" });
    const page = await ctx.newPage();
    await login(page, freshAdmin.email, freshAdmin.password);
    await expectLoggedInAt(page, /\/admin$/);
    await page.goto("/admin/backup");
    // A file chosen before hydration is in the DOM but never reaches React's state: wait for it.
    await navigationReady(page);

    // The button waits for the typed word.
    await page.locator('input[type="file"]').setInputFiles(file);
    await expect(page.getByTestId("restore-file")).toContainText(path.basename(file));
    await expect(page.getByTestId("restore-submit")).toBeDisabled();
    await page.getByTestId("restore-confirm").fill("RESTORE");
    await page.getByTestId("restore-submit").click();
    const result = page.getByTestId("restore-result");
    await expect(result).toBeVisible({ timeout: 60_000 });
    await expect(result.getByRole("row", { name: /users/ })).toBeVisible();

    // Every session was revoked: this admin is signed out (the restored data does not even know them).
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
    await login(page, freshAdmin.email, freshAdmin.password);
    await expect(page).toHaveURL(/\/login/);

    // The user from the first instance signs in on the restored one.
    await login(page, email, password);
    await expectLoggedInAt(page, /\/dashboard$/);
    await ctx.close();
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
});
