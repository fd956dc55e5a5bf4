import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@e2e.test", password: "admin-password-1" };

export interface CapturedMail { to: string | string[]; subject: string; text: string; html: string }

/** Polls the mails the SMTP simulator captured (written by global-setup) until one matches. */
export async function waitForMail(predicate: (m: CapturedMail) => boolean, timeoutMs = 20_000): Promise<CapturedMail> {
  const dir = path.join(process.env.E2E_DIR!, "mail");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      for (const f of readdirSync(dir).sort()) {
        const m = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as CapturedMail;
        if (predicate(m)) return m;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("no matching mail arrived");
}

export const mailTo = (m: CapturedMail, email: string) => ([] as string[]).concat(m.to).some((t) => t.includes(email));

export async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByTestId("email").fill(email);
  await page.getByTestId("password").fill(password);
  await page.getByTestId("submit").click();
}

/**
 * Signed in and landed on a page of the signed-in shell (dashboard, admin), hydrated: a click made
 * before hydration (sign out, a menu) is lost, which a busy machine makes likely.
 */
export async function expectLoggedInAt(page: Page, pathRe: RegExp) {
  await expect(page).toHaveURL(pathRe, { timeout: 20_000 });
  await navigationReady(page);
}

/**
 * Signs in over HTTP in the page's own context, as the form posts it (the context's cookies, so a
 * chosen language is kept at sign-in as in the browser, and its client address). The form itself is
 * proven by the specs about signing in; for the others a sign-in is setup, and loading /login first
 * cost a page render per spec.
 */
export async function signInOverHttp(page: Page, email: string, password: string) {
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken, email, password, json: "true" }, maxRedirects: 0 });
  if (![200, 302].includes(res.status())) throw new Error(`sign-in over HTTP answered ${res.status()}`);
}

/** Signs in as the administrator global-setup created and waits for the admin home page, hydrated. */
export async function loginAsAdmin(page: Page) {
  await signInOverHttp(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin");
  await expectLoggedInAt(page, /\/admin$/);
}

/** On a signed-in admin's page, creates a user in the admin UI (no email verification: that applies to self-registration only). */
export async function createUserAsAdmin(admin: Page, email: string, password: string) {
  await createUsersAsAdmin(admin, [email], password);
}

/** Several users through the admin UI's dialog, one after another on one load of the users page (newest first, so each new row shows on page one). */
export async function createUsersAsAdmin(admin: Page, emails: string[], password: string) {
  await admin.goto("/admin/users");
  await navigationReady(admin);
  for (const email of emails) {
    await admin.getByTestId("create-user").click();
    await admin.getByTestId("new-email").fill(email);
    await admin.getByTestId("new-password").fill(password);
    await admin.getByTestId("create-submit").click();
    await expect(admin.getByTestId("user-row").filter({ hasText: email })).toBeVisible();
  }
}

let n = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}@e2e.test`;

/**
 * A client address no other call in this run uses, in any worker process, sent as X-Forwarded-For
 * through the trusted proxy, so one test's requests never count against another's per-IP limits. Each
 * call claims the next number by creating E2E_DIR/client-ips/<n> exclusively (atomic across processes);
 * an offset derived from the run's own E2E_DIR keeps runs that share a Redis apart. The range is
 * 198.18.0.0/15 (benchmarking, 131072 addresses). Without E2E_DIR (`--list`: no global setup, nothing
 * is sent) the number is only counted in this process.
 */
let nextIp = 0;
export function clientIp(): string {
  const runDir = process.env.E2E_DIR;
  if (runDir) {
    const claims = path.join(runDir, "client-ips");
    mkdirSync(claims, { recursive: true });
    for (;; nextIp++) {
      try {
        closeSync(openSync(path.join(claims, String(nextIp)), "wx"));
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      }
    }
  }
  const offset = createHash("sha256").update(runDir ?? "").digest().readUInt32BE(0);
  const n = (offset + nextIp++) % 131072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}
export const asClient = () => ({ extraHTTPHeaders: { "x-forwarded-for": clientIp() } });

/**
 * Waits until the page has hydrated and watches link clicks (navigation-progress.tsx marks <html>):
 * a click on server-rendered HTML before that is a plain page load, not a client navigation.
 */
export async function navigationReady(page: Page) {
  await page.locator("html[data-nav-ready]").waitFor({ state: "attached" });
}

/** The element with this test id is hydrated (React has attached its handlers): for pages outside the signed-in shell, which has no navigationReady mark. */
export async function hydrated(page: Page, testId: string) {
  await page.waitForFunction((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactProps"));
  }, testId);
}

/**
 * Two animation frames: whatever the page scheduled before this call (a portal mounting after
 * hydration, a toast shown with a result, a transition starting) has rendered. An ordering, not a
 * clock: the page's own tasks queued earlier run before the frames this waits for.
 */
export async function afterPendingRenders(page: Page) {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/** Every finite animation and CSS transition on the page has finished (endless ones, like a loader's spin, are left). */
export async function animationsFinished(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export interface NodeForm { name: string; panelUrl: string; username: string; password: string }

/** Fills the add/edit node form (the dialog must be open). */
export async function fillNodeForm(page: Page, n: NodeForm) {
  await page.getByTestId("node-name").fill(n.name);
  await page.getByTestId("node-panel-url").fill(n.panelUrl);
  await page.getByTestId("node-username").fill(n.username);
  await page.getByTestId("node-password").fill(n.password);
}

/** Adds a node through the admin UI and waits for its first sync to succeed (the dialog stays open). */
export async function addSyncedNode(page: Page, n: NodeForm) {
  await page.goto("/admin/nodes");
  await page.getByTestId("add-node").click();
  await fillNodeForm(page, n);
  await page.getByTestId("node-submit").click();
  await expect(page.getByTestId("sync-result")).toHaveAttribute("data-ok", "true");
}

