// A handler that was told to wait (RetryLaterError: Telegram's 429 retry_after, a paced channel) puts
// its task back for exactly that long, gets its attempt back, is never a final failure, keeps its
// secret for the next run, and the worker is woken when the wait is over. Fencing still holds.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../src/server/db/schema";
import { enqueueTask, registerTaskHandler, runDueTasks, setTaskKicker } from "../../src/server/services/tasks";
import { onFinalTaskFailure } from "../../src/server/services/tasks/run-due-tasks";
import { RetryLaterError } from "../../src/server/services/tasks/retry-later";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  setTaskKicker(undefined);
  onFinalTaskFailure(undefined);
  await t.close();
});

const row = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
const makeDue = (id: string) => t.db.update(tasks).set({ runAt: sql`now() - interval '1 millisecond'` }).where(eq(tasks.id, id));

describe("RetryLaterError", () => {
  it("puts the task back for exactly the asked wait, without using an attempt or counting a failure", async () => {
    const seen: { attempts: number; secret: unknown }[] = [];
    let wait = true;
    registerTaskHandler("test.later", async (payload, meta) => {
      seen.push({ attempts: meta.attempts, secret: payload.secret });
      if (wait) throw new RetryLaterError(7, `Telegram: 429: Too Many Requests: retry after 7 (${(payload.secret as { link: string }).link})`);
      return { sent: true };
    });
    const id = await enqueueTask(t.db, "test.later", { to: 1, secret: { link: "https://example.com/x?token=abcdef123456" } }, { maxAttempts: 1 });
    const before = Date.now();
    expect(await runDueTasks(t.db)).toEqual({ ran: 1, failed: 0 });
    const r = await row(id);
    expect(r).toMatchObject({ status: "PENDING", attempts: 0, lockedUntil: null });
    expect(r.runAt.getTime()).toBeGreaterThanOrEqual(before + 7000);
    expect(r.runAt.getTime()).toBeLessThan(Date.now() + 7000 + 1000);
    // The error is kept for the task center, with the secret scrubbed out; the secret itself stays for the next run.
    expect(r.lastError).toBe("Telegram: 429: Too Many Requests: retry after 7 ([secret])");
    expect(typeof (r.payload as { secret?: unknown }).secret).toBe("string");

    // maxAttempts 1, and still never a final failure: waiting is not failing.
    let finals = 0;
    onFinalTaskFailure(async () => void finals++);
    for (let i = 0; i < 3; i++) {
      await makeDue(id);
      await runDueTasks(t.db);
    }
    expect(await row(id)).toMatchObject({ status: "PENDING", attempts: 0 });
    expect(finals).toBe(0);

    wait = false;
    await makeDue(id);
    expect(await runDueTasks(t.db)).toEqual({ ran: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ status: "SUCCEEDED", attempts: 1, result: { sent: true }, lastError: null });
    expect(seen.every((s) => (s.secret as { link: string }).link === "https://example.com/x?token=abcdef123456")).toBe(true);
    expect(seen.every((s) => s.attempts === 1)).toBe(true);
  });

  it("a run whose lease was taken over does not write its postponement over the newer run", async () => {
    registerTaskHandler("test.later-fenced", async (_payload, meta) => {
      await t.db.update(tasks).set({ attempts: meta.attempts + 1, lockedUntil: sql`now() + interval '1 minute'` }).where(eq(tasks.id, meta.id));
      throw new RetryLaterError(5);
    });
    const id = await enqueueTask(t.db, "test.later-fenced", {});
    await runDueTasks(t.db);
    expect(await row(id)).toMatchObject({ status: "RUNNING", attempts: 2, lastError: null });
  });

  it("wakes the worker when a short wait is over", async () => {
    let kicks = 0;
    setTaskKicker(() => void kicks++);
    registerTaskHandler("test.later-kick", async () => {
      throw new RetryLaterError(1);
    });
    await enqueueTask(t.db, "test.later-kick", {});
    await runDueTasks(t.db);
    expect(kicks).toBe(0);
    await expect.poll(() => kicks, { timeout: 3000, interval: 100 }).toBeGreaterThanOrEqual(1);
  });
});
