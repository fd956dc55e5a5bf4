// Mail in tests goes through the real path: task row -> runDueTasks -> nodemailer -> SMTP simulator.
import { afterAll, beforeAll, expect } from "vitest";
import type { Db } from "../../src/server/db/client";
import "../../src/server/jobs/task-handlers";
import { updateSettings } from "../../src/server/services/settings";
import { runDueTasks } from "../../src/server/services/tasks";
import { startSmtpSimulator, type CapturedMail, type SmtpSimulator, type SmtpSimulatorOptions } from "../../simulators/smtp/server";
import { cliCtx } from "./actors";
import { ready, testDbForFile } from "./db";

export const TEST_FROM = "no-reply@relayboard.test";

/** Starts a capturing SMTP server and points the site's SMTP settings at it. */
export async function useSmtpSimulator(db: Db, opts: SmtpSimulatorOptions = {}): Promise<SmtpSimulator> {
  const sim = await startSmtpSimulator(opts);
  await updateSettings(cliCtx(db), {
    smtpHost: sim.host,
    smtpPort: sim.port,
    smtpFrom: TEST_FROM,
    ...(opts.auth ? { smtpUser: opts.auth.user, smtpPassword: opts.auth.pass } : {}),
  });
  return sim;
}

/** This file's test database with the SMTP simulator set as its mail server, before its tests; both closed after them. */
export function testDbWithSmtp(opts: SmtpSimulatorOptions = {}): { readonly db: Db; readonly smtp: SmtpSimulator } {
  const t = testDbForFile();
  let smtp: SmtpSimulator | undefined;
  beforeAll(async () => {
    smtp = await useSmtpSimulator(t.db, opts);
  });
  afterAll(async () => {
    await smtp?.close();
  });
  return {
    get db() { return t.db; },
    get smtp() { return ready(smtp, "the SMTP simulator"); },
  };
}

/** Runs the task worker once, then waits for the mail to `to` that arrived after `since`. */
export async function deliverAndReceive(db: Db, sim: SmtpSimulator, to: string, since = sim.messages.length): Promise<CapturedMail> {
  await runDueTasks(db);
  return sim.waitForMailTo(to, 5000, { since });
}

/**
 * The action link of a mail, checked to be present in both the text and the HTML part.
 * Returns the link and its token query parameter.
 */
export function linkFromMail(mail: CapturedMail, path: string): { link: string; token: string } {
  const re = new RegExp(`https?://[^\\s"<>]+${path.replace(/[/.?]/g, "\\$&")}\\?token=[A-Za-z0-9_-]+`);
  const link = mail.text?.match(re)?.[0];
  expect(link, `no ${path} link in the text part:\n${mail.text}`).toBeTruthy();
  expect(mail.html, "mail has no HTML part").toBeTruthy();
  expect(mail.html).toContain(`href="${link!.replace(/&/g, "&amp;")}"`);
  return { link: link!, token: new URL(link!).searchParams.get("token")! };
}
