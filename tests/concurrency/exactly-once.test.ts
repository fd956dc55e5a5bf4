// Races that must resolve to "exactly once": a double-clicked link, and two app instances whose
// workers poll the same task table at the same moment.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db } from "../../src/server/db/client";
import { auditLogs, tasks, users } from "../../src/server/db/schema";
import { confirmEmailLink, register } from "../../src/server/services/accounts";
import { updateSettings } from "../../src/server/services/settings";
import { enqueueTask, registerTaskHandler, runDueTasks } from "../../src/server/services/tasks";
import type { SmtpSimulator } from "../../simulators/smtp/server";
import { anonCtx, cliCtx } from "../helpers/actors";
import { createTestDb, type TestDb, openSecondInstance } from "../helpers/db";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, linkFromMail, useSmtpSimulator } from "../helpers/mail";

let t: TestDb;
let smtp: SmtpSimulator;
/** A second "instance": its own connection pool on PostgreSQL; the same embedded database on PGlite. */
let second: { db: Db; close: () => Promise<void> };
beforeAll(async () => {
  t = await createTestDb();
  smtp = await useSmtpSimulator(t.db);
  second = openSecondInstance(t);
  useMemoryLimiter();
});
afterAll(async () => {
  await second.close();
  await smtp.close();
  await t.close();
});

describe("exactly once", () => {
  it("10 simultaneous uses of one verification link: one succeeds, nine are refused", async () => {
    await updateSettings(cliCtx(t.db), { emailVerificationRequired: true });
    const since = smtp.messages.length;
    const r = await register(anonCtx(t.db), { email: "double@example.com", password: "password-123" });
    const { token } = linkFromMail(await deliverAndReceive(t.db, smtp, "double@example.com", since), "/verify-email");
    const dbs = [t.db, second.db];
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => confirmEmailLink(anonCtx(dbs[i % 2]!), { token })));
    const ok = results.filter((x) => x.status === "fulfilled");
    expect(ok).toHaveLength(1);
    for (const x of results.filter((y) => y.status === "rejected")) {
      expect((x as PromiseRejectedResult).reason).toMatchObject({ code: "VALIDATION", details: { reason: "invalid_link" } });
    }
    expect((await t.db.select().from(users).where(eq(users.id, r.user!.id)))[0]!.status).toBe("ACTIVE");
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "user.verify_email"));
    expect(audits.filter((a) => a.targetId === r.user!.id)).toHaveLength(1);
  });

  it("two instances running due tasks at once run each task exactly once", async () => {
    const runs = new Map<string, number>();
    registerTaskHandler("test.count", async (_payload, meta) => {
      runs.set(meta.id, (runs.get(meta.id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5)); // hold the task long enough for the other instance to look
    });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await enqueueTask(t.db, "test.count", { i }));
    // Each instance claims in batches of 7, as a busy worker would, until nothing is due.
    const drain = async (db: Db) => {
      let total = 0;
      for (let r = await runDueTasks(db, 7); r.ran > 0; r = await runDueTasks(db, 7)) total += r.ran;
      return total;
    };
    const [a, b] = await Promise.all([drain(t.db), drain(second.db)]);
    expect(a + b).toBe(40);
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const rows = await t.db.select().from(tasks).where(inArray(tasks.id, ids));
    expect(rows.every((x) => x.status === "SUCCEEDED" && x.attempts === 1)).toBe(true);
  });
});
