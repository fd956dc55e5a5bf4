// No usable secret at rest in `tasks`: mail links travel encrypted, finished tasks keep no secret
// material, and neither a stored result nor a stored error can carry the secret.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tasks } from "../../src/server/db/schema";
import { confirmEmailLink, register, requestEmailChange, requestPasswordReset, resetPassword } from "../../src/server/services/accounts";
import { updateSettings } from "../../src/server/services/settings";
import { enqueueTask, registerTaskHandler, runDueTasks } from "../../src/server/services/tasks";
import type { SmtpSimulator } from "../../simulators/smtp/server";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, linkFromMail, useSmtpSimulator } from "../helpers/mail";

let t: TestDb;
let smtp: SmtpSimulator;
beforeAll(async () => {
  t = await createTestDb();
  smtp = await useSmtpSimulator(t.db);
  await updateSettings(cliCtx(t.db), { emailVerificationRequired: true });
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
beforeEach(() => {
  useMemoryLimiter();
});

/** Every row of `tasks`, every column, as the text a database reader or a backup would see. */
const dumpTasks = async () => JSON.stringify(await t.db.select().from(tasks));
const row = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;

/** Runs a mail-producing step, then proves the token was never readable in `tasks` and the link works. */
async function tokenNeverAtRest(to: string, path: string, step: () => Promise<unknown>): Promise<string> {
  const since = smtp.messages.length;
  await step();
  const queued = await dumpTasks(); // before delivery: the pending task row
  const mail = await deliverAndReceive(t.db, smtp, to, since);
  const { link, token } = linkFromMail(mail, path);
  const finished = await dumpTasks(); // after delivery: the SUCCEEDED row
  for (const dump of [queued, finished]) {
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(encodeURIComponent(token));
    expect(dump).not.toContain(link);
  }
  for (const r of await t.db.select().from(tasks)) {
    if (r.status === "SUCCEEDED" || r.status === "FAILED") expect(r.payload).not.toHaveProperty("secret");
  }
  return token;
}

describe("task payload secrets", () => {
  it("registration: the verification link is encrypted while queued, gone after sending, and still works", async () => {
    const email = "secret-register@example.com";
    const token = await tokenNeverAtRest(email, "/verify-email", () => register(anonCtx(t.db), { email, password: "password-123" }));
    expect(await confirmEmailLink(anonCtx(t.db), { token })).toMatchObject({ outcome: "verified", email, account: { email, role: "USER" } });
  });

  it("password reset: no raw token in any task row; the mailed link resets the password", async () => {
    const u = await makeUser(t.db);
    const token = await tokenNeverAtRest(u.email, "/reset-password", () => requestPasswordReset(anonCtx(t.db), { email: u.email }));
    await expect(resetPassword(anonCtx(t.db), { token, password: "brand-new-pass-1" })).resolves.toBeTruthy();
  });

  it("email change: no raw token in any task row; the mailed link changes the address", async () => {
    const u = await makeUser(t.db);
    const token = await tokenNeverAtRest("moved-secret@example.com", "/verify-email", () =>
      requestEmailChange(u.ctx, { newEmail: "moved-secret@example.com", currentPassword: u.password }),
    );
    expect(await confirmEmailLink(anonCtx(t.db), { token })).toMatchObject({ outcome: "email_changed" });
  });

  it("a queued secret is a ciphertext; a retry still gets it; the final failure scrubs it and its echo in the error", async () => {
    const secret = { link: "https://relay.example.com/reset-password?token=sEcReT-tOkEn-0123456789abcdef" };
    const seen: unknown[] = [];
    registerTaskHandler("test.secret-fails", async (payload) => {
      seen.push(payload.secret);
      throw new Error(`upstream refused ${(payload.secret as typeof secret).link} (token sEcReT-tOkEn-0123456789abcdef)`);
    });
    const id = await enqueueTask(t.db, "test.secret-fails", { to: "x@example.com", secret }, { maxAttempts: 2 });
    const queued = await row(id);
    expect(queued.payload).toMatchObject({ to: "x@example.com", secret: expect.stringMatching(/^v1\.[0-9a-f]{8}\./) });
    expect(JSON.stringify(queued)).not.toContain("sEcReT");

    await runDueTasks(t.db);
    const retrying = await row(id);
    expect(retrying.status).toBe("PENDING");
    expect(retrying.payload.secret).toBe(queued.payload.secret); // kept (encrypted) for the retry
    expect(retrying.lastError).toContain("[secret]");
    expect(JSON.stringify(retrying)).not.toContain("sEcReT");

    await t.db.update(tasks).set({ runAt: new Date(Date.now() - 1000) }).where(eq(tasks.id, id));
    await runDueTasks(t.db);
    const failed = await row(id);
    expect(failed.status).toBe("FAILED");
    expect(failed.payload).toEqual({ to: "x@example.com", secretErased: true }); // the task center will not retry it
    expect(JSON.stringify(failed)).not.toContain("sEcReT");
    expect(seen).toEqual([secret, secret]);
  });

  it("a handler's result that echoes the secret is stored without it", async () => {
    registerTaskHandler("test.secret-echo", async (payload) => ({ sentTo: payload.to, echoed: (payload.secret as { code: string }).code }));
    const id = await enqueueTask(t.db, "test.secret-echo", { to: "y@example.com", secret: { code: "pay-4242-4242-4242" } });
    await runDueTasks(t.db);
    const done = await row(id);
    expect(done).toMatchObject({ status: "SUCCEEDED", payload: { to: "y@example.com" }, result: { sentTo: "y@example.com", echoed: "[secret]" } });
    expect(JSON.stringify(done)).not.toContain("4242");
  });
});
