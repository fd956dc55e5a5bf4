// sendTestMail says "the mail server refused" only for the mail server's answers: a failure of our
// own (here the audit write after a successful send) keeps its cause instead of blaming SMTP.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isDomainError } from "../../src/server/errors";
import { sendTestMail } from "../../src/server/services/settings";
import { cliCtx } from "../helpers/actors";
import { testDbWithSmtp } from "../helpers/mail";

const t = testDbWithSmtp();

describe("sendTestMail keeps the cause", () => {
  it("a database failure after the mail was sent is not reported as an SMTP refusal", async () => {
    // Only the success audit fails, so the old catch-all could record a "failure" and blame SMTP.
    await t.db.execute(sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.metadata->>'ok' = 'true' THEN RAISE EXCEPTION 'audit write refused'; END IF; RETURN NEW; END $$`);
    await t.db.execute(sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
    try {
      const err = await sendTestMail(cliCtx(t.db), "cause@example.com").catch((e: unknown) => e);
      expect(isDomainError(err)).toBe(false); // reaches the transport as INTERNAL (500 + reference)
      expect(String((err as Error).message)).not.toMatch(/mail server refused/);
      expect(t.smtp.messages.some((m) => m.to.includes("cause@example.com"))).toBe(true);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_audit ON audit_logs`);
    }
    await expect(sendTestMail(cliCtx(t.db), "cause2@example.com")).resolves.toMatchObject({ messageId: expect.any(String) });
  });
});
