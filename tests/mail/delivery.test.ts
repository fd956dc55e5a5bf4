// The mail.send task against a real SMTP server that misbehaves: refusals and outages are retried
// with back-off and nothing is lost; SMTP_URL overrides the stored settings.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "../../src/server/env";
import { tasks } from "../../src/server/db/schema";
import { queueMail } from "../../src/server/integrations/mail";
import { updateSettings } from "../../src/server/services/settings";
import { runDueTasks } from "../../src/server/services/tasks";
import { startSmtpSimulator } from "../../simulators/smtp/server";
import { cliCtx } from "../helpers/actors";
import { withEnv } from "../helpers/env";
import { testDbWithSmtp } from "../helpers/mail";

const t = testDbWithSmtp();

const row = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
const makeDue = (id: string) => t.db.update(tasks).set({ runAt: sql`now() - interval '1 second'` }).where(eq(tasks.id, id));
const mail = (to: string) => ({ to, template: "verify-email" as const, locale: "en" as const, minutes: 30, link: `${env().appUrl}/verify-email?token=${"a".repeat(43)}` });

describe("mail.send task", () => {
  it("retries a mail the server refused temporarily, then delivers it once", async () => {
    t.smtp.failNext(1, { code: 451, message: "4.3.0 greylisted" });
    const id = await queueMail(t.db, mail("grey@example.com"));
    await runDueTasks(t.db);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(failed.lastError).toMatch(/451/);
    expect(t.smtp.messages.filter((m) => m.to.includes("grey@example.com"))).toHaveLength(0);
    await makeDue(id);
    await runDueTasks(t.db);
    expect(await row(id)).toMatchObject({ status: "SUCCEEDED", attempts: 2, lastError: null });
    expect((await row(id)).result).toMatchObject({ messageId: expect.any(String) });
    expect(t.smtp.messages.filter((m) => m.to.includes("grey@example.com"))).toHaveLength(1);
  });

  it("keeps the mail queued while the server is down and sends it when it is back", async () => {
    const down = await startSmtpSimulator();
    const port = down.port;
    await down.close();
    await updateSettings(cliCtx(t.db), { smtpPort: port });
    const id = await queueMail(t.db, mail("outage@example.com"));
    await runDueTasks(t.db);
    expect((await row(id)).lastError).toMatch(/ECONNREFUSED|connect/i);
    const back = await startSmtpSimulator({ port });
    try {
      await makeDue(id);
      await runDueTasks(t.db);
      expect((await row(id)).status).toBe("SUCCEEDED");
      expect((await back.waitForMailTo("outage@example.com", 2000)).subject).toContain("Verify your email");
    } finally {
      await back.close();
      await updateSettings(cliCtx(t.db), { smtpPort: t.smtp.port });
    }
  });

  it("SMTP_URL in the environment wins over the stored settings", async () => {
    const other = await startSmtpSimulator({ auth: { user: "env-user", pass: "env-pass" } });
    try {
      await withEnv({ SMTP_URL: other.url, SMTP_FROM: "ops@relay.test" }, async () => {
        await queueMail(t.db, mail("env@example.com"));
        await runDueTasks(t.db);
      });
      const m = await other.waitForMailTo("env@example.com", 2000);
      expect(m).toMatchObject({ authUser: "env-user", envelopeFrom: "ops@relay.test" });
      expect(t.smtp.messages.some((x) => x.to.includes("env@example.com"))).toBe(false);
    } finally {
      await other.close();
    }
  });
});
