// Nothing secret or personal in the log stream: driver errors are logged as code + constraint +
// table (drizzle's message carries every statement parameter), redaction works at any depth, and a
// registration with its mail leaves no password, hash or token in the output.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/server/auth/password";
import { encryptSecret } from "../../src/server/crypto/secrets";
import { tasks, users } from "../../src/server/db/schema";
import { describeError, errorSummary } from "../../src/server/describe-error";
import { errorResponse } from "../../src/server/http/respond";
import { log, redact } from "../../src/server/logger";
import { register } from "../../src/server/services/accounts";
import { updateSettings } from "../../src/server/services/settings";
import { enqueueTask, registerTaskHandler, runDueTasks } from "../../src/server/services/tasks";
import type { SmtpSimulator } from "../../simulators/smtp/server";
import { anonCtx, cliCtx } from "../helpers/actors";
import { captureOutput } from "../helpers/capture-logs";
import { createTestDb, type TestDb } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, linkFromMail, useSmtpSimulator } from "../helpers/mail";

let t: TestDb;
let smtp: SmtpSimulator;
let passwordHash = "";
const EMAIL = "unique-leak@example.com";
beforeAll(async () => {
  t = await createTestDb();
  smtp = await useSmtpSimulator(t.db);
  await updateSettings(cliCtx(t.db), { emailVerificationRequired: true });
  passwordHash = await hashPassword("correct-horse-battery");
  await t.db.insert(users).values({ email: EMAIL, passwordHash, name: "First" });
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
beforeEach(() => {
  useMemoryLimiter();
});

/** A real unique violation through drizzle: its message lists the email and the password hash. */
async function uniqueViolation(): Promise<unknown> {
  try {
    await t.db.insert(users).values({ email: EMAIL, passwordHash, name: "Second" });
  } catch (err) {
    return err;
  }
  throw new Error("expected a unique violation");
}

describe("database errors in logs", () => {
  it("the driver error really carries the parameters (what the logs must not repeat)", async () => {
    const err = (await uniqueViolation()) as Error;
    expect(err.message).toContain(passwordHash);
  });

  it("errorResponse logs a failing unique insert as code + constraint + table, without parameters", async () => {
    const err = await uniqueViolation();
    const { result: res, output } = await captureOutput(async () => errorResponse(err, "req-unique-1", "en"));
    expect(res.status).toBe(500);
    expect(output).toContain("req-unique-1");
    const line = JSON.parse(output.trim().split("\n").pop()!);
    expect(line.error).toMatchObject({ database: true, code: "23505", constraint: "users_email_key", table: "users" });
    expect(output).not.toContain(passwordHash);
    expect(output).not.toContain("$argon2");
    expect(output).not.toContain(EMAIL);
    expect(output).not.toMatch(/params/);
  });

  it("describeError (used by runAction, the worker and the request listener) keeps the same shape", async () => {
    const err = await uniqueViolation();
    const d = describeError(err, { stack: true });
    expect(d).toMatchObject({ database: true, code: "23505", constraint: "users_email_key", table: "users" });
    expect(d.stack).toMatch(/^\s+at /);
    expect(JSON.stringify(d)).not.toContain(passwordHash);
    expect(errorSummary(err)).toBe("database error 23505 constraint users_email_key, table users");
  });

  it("a task failing on a unique violation stores and logs no parameter values", async () => {
    registerTaskHandler("test.unique-fail", async () => {
      throw await uniqueViolation();
    });
    const id = await enqueueTask(t.db, "test.unique-fail", {}, { maxAttempts: 1 });
    const { output } = await captureOutput(() => runDueTasks(t.db));
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, id));
    expect(row!.lastError).toBe("database error 23505 constraint users_email_key, table users");
    expect(output).toContain("23505");
    for (const text of [output, row!.lastError!]) {
      expect(text).not.toContain(passwordHash);
      expect(text).not.toContain(EMAIL);
    }
  });

  it("a message that copied drizzle's text loses the params tail", () => {
    const wrapped = new Error(`Cannot save: Failed query: insert into "users" values ($1)\nparams: ${EMAIL},${passwordHash}`);
    expect(describeError(wrapped).message).toBe('Cannot save: Failed query: insert into "users" values ($1)');
  });
});

describe("redaction", () => {
  it("replaces values beyond the depth limit instead of passing them raw", () => {
    let deep: Record<string, unknown> = { leaf: "sensitive-leaf-value" };
    for (let i = 0; i < 20; i++) deep = { next: deep };
    const out = JSON.stringify(redact(deep));
    expect(out).not.toContain("sensitive-leaf-value");
    expect(out).toContain("[too deep]");
  });

  it("redacts secret keys at any depth within the limit, nested errors, and secret-shaped strings", () => {
    const cipher = encryptSecret("panel-password");
    const out = JSON.stringify(
      redact({
        a: { b: { c: { d: { apiToken: "tok-123456", note: `stored ${cipher} here` } } } },
        list: [{ hash: passwordHash }, `user had ${passwordHash}`],
        url: "https://relay.example.com/verify-email?token=AbCdEf0123456789&lang=en",
        auth: "Bearer abc.def.ghi",
        agent: "rbn_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefg",
        nested: { err: new Error("boom", { cause: new Error(`Failed query: select\nparams: ${EMAIL}`) }) },
      }),
    );
    for (const secret of ["tok-123456", cipher, passwordHash, "$argon2id$", "AbCdEf0123456789", "abc.def.ghi", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", EMAIL]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain("boom");
    expect(out).toContain("lang=en");
  });

  it("survives cycles and keeps repeated (non-cyclic) references", () => {
    const shared = { n: 1 };
    const loop: Record<string, unknown> = { a: shared, b: shared };
    loop.self = loop;
    expect(redact(loop)).toEqual({ a: { n: 1 }, b: { n: 1 }, self: "[circular]" });
  });

  it("the log line itself goes through redaction", async () => {
    const { output } = await captureOutput(async () => log.error(`failed for ${passwordHash}`, { deep: { deeper: { err: await uniqueViolation() } } }));
    expect(output).not.toContain(passwordHash);
    expect(output).toContain("23505");
  });
});

describe("a registration in the logs", () => {
  it("register + mail delivery write no password, hash or token", async () => {
    const email = "log-register@example.com";
    const password = "log-register-pass-1";
    const since = smtp.messages.length;
    const { output } = await captureOutput(async () => {
      await register(anonCtx(t.db), { email, password });
      // A duplicate registration (conflict) and the mail task run are part of the same story.
      await register(anonCtx(t.db), { email, password }).catch(() => undefined);
      return deliverAndReceive(t.db, smtp, email, since);
    });
    const mail = smtp.messages.slice(since).find((m) => m.to.includes(email))!;
    const { token } = linkFromMail(mail, "/verify-email");
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    for (const secret of [password, u!.passwordHash, token, encodeURIComponent(token)]) expect(output).not.toContain(secret);
  });
});
