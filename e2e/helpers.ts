import { existsSync, readdirSync, readFileSync } from "node:fs";
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

export async function expectLoggedInAt(page: Page, pathRe: RegExp) {
  await expect(page).toHaveURL(pathRe, { timeout: 20_000 });
}

let n = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}@e2e.test`;

/** A client address of our own (documentation range), sent as X-Forwarded-For through the trusted proxy. */
export const clientIp = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
export const asClient = () => ({ extraHTTPHeaders: { "x-forwarded-for": clientIp() } });
