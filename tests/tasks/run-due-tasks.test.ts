// The task worker: outcome recording, exponential back-off, giving up after maxAttempts.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../src/server/db/schema";
import { enqueueTask, registerTaskHandler, runDueTasks } from "../../src/server/services/tasks";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const row = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
/** Moves a task's run_at into the past, as if its back-off had elapsed. */
const makeDue = (id: string) => t.db.update(tasks).set({ runAt: sql`now() - interval '1 second'` }).where(eq(tasks.id, id));
const secondsUntilRun = (r: { runAt: Date; updatedAt: Date }) => (r.runAt.getTime() - r.updatedAt.getTime()) / 1000;

describe("runDueTasks", () => {
  it("runs a due task once, stores its result and passes payload and attempt", async () => {
    const seen: unknown[] = [];
    registerTaskHandler("test.ok", async (payload, meta) => {
      seen.push({ payload, attempts: meta.attempts });
      return { echoed: payload.n };
    });
    const id = await enqueueTask(t.db, "test.ok", { n: 7 });
    expect(await runDueTasks(t.db)).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual([{ payload: { n: 7 }, attempts: 1 }]);
    expect(await row(id)).toMatchObject({ status: "SUCCEEDED", attempts: 1, result: { echoed: 7 }, lastError: null, lockedUntil: null });
    expect(await runDueTasks(t.db)).toEqual({ ran: 0, failed: 0 });
  });

  it("a run whose lease was taken over does not overwrite the newer run's outcome", async () => {
    registerTaskHandler("test.slow", async (_payload, meta) => {
      // While this run is still busy, its lease expires and another worker claims the task.
      await t.db.update(tasks).set({ attempts: meta.attempts + 1, lockedUntil: sql`now() + interval '1 minute'` }).where(eq(tasks.id, meta.id));
      return { late: true };
    });
    const id = await enqueueTask(t.db, "test.slow", {});
    await runDueTasks(t.db);
    expect(await row(id)).toMatchObject({ status: "RUNNING", attempts: 2, result: null });
  });

  it("does not run a task before its run_at", async () => {
    const id = await enqueueTask(t.db, "test.ok", { n: 1 }, { runAt: new Date(Date.now() + 3600_000) });
    await runDueTasks(t.db);
    expect(await row(id)).toMatchObject({ status: "PENDING", attempts: 0 });
  });

  it("retries a failing task with growing back-off, records the error, and gives up after maxAttempts", async () => {
    let calls = 0;
    registerTaskHandler("test.fail", async () => {
      calls++;
      throw new Error(`smtp said no (${calls})`);
    });
    const id = await enqueueTask(t.db, "test.fail", {}, { maxAttempts: 3 });
    expect(await runDueTasks(t.db)).toEqual({ ran: 1, failed: 1 });
    let r = await row(id);
    expect(r).toMatchObject({ status: "PENDING", attempts: 1, lastError: "smtp said no (1)", lockedUntil: null });
    expect(secondsUntilRun(r)).toBeCloseTo(30, 0);
    expect(await runDueTasks(t.db)).toEqual({ ran: 0, failed: 0 }); // still backing off

    await makeDue(id);
    await runDueTasks(t.db);
    r = await row(id);
    expect(r).toMatchObject({ status: "PENDING", attempts: 2, lastError: "smtp said no (2)" });
    expect(secondsUntilRun(r)).toBeCloseTo(60, 0);

    await makeDue(id);
    await runDueTasks(t.db);
    expect(await row(id)).toMatchObject({ status: "FAILED", attempts: 3, lastError: "smtp said no (3)" });
    await makeDue(id);
    await runDueTasks(t.db);
    expect(calls).toBe(3);
  });

  it("succeeds on a later attempt and clears the last error", async () => {
    let calls = 0;
    registerTaskHandler("test.flaky", async () => {
      if (++calls === 1) throw new Error("temporary");
      return { ok: true };
    });
    const id = await enqueueTask(t.db, "test.flaky", {});
    await runDueTasks(t.db);
    expect((await row(id)).lastError).toBe("temporary");
    await makeDue(id);
    await runDueTasks(t.db);
    expect(await row(id)).toMatchObject({ status: "SUCCEEDED", attempts: 2, lastError: null, result: { ok: true } });
  });

  it("records a task without a handler as a failure instead of losing it", async () => {
    const id = await enqueueTask(t.db, "test.unknown-kind", {}, { maxAttempts: 1 });
    await runDueTasks(t.db);
    expect(await row(id)).toMatchObject({ status: "FAILED", lastError: "No handler for task kind test.unknown-kind" });
  });

  it("takes over a task whose worker died (lease expired), but not one still leased", async () => {
    registerTaskHandler("test.lease", async () => ({ done: true }));
    const stale = await enqueueTask(t.db, "test.lease", {});
    const live = await enqueueTask(t.db, "test.lease", {});
    await t.db.update(tasks).set({ status: "RUNNING", attempts: 1, lockedUntil: sql`now() - interval '1 second'` }).where(eq(tasks.id, stale));
    await t.db.update(tasks).set({ status: "RUNNING", attempts: 1, lockedUntil: sql`now() + interval '60 seconds'` }).where(eq(tasks.id, live));
    await runDueTasks(t.db);
    const rows = await t.db.select().from(tasks).where(inArray(tasks.id, [stale, live]));
    expect(rows.find((r) => r.id === stale)).toMatchObject({ status: "SUCCEEDED", attempts: 2 });
    expect(rows.find((r) => r.id === live)).toMatchObject({ status: "RUNNING", attempts: 1 });
  });

  it("claims at most `limit` tasks per call", async () => {
    registerTaskHandler("test.batch", async () => undefined);
    for (let i = 0; i < 5; i++) await enqueueTask(t.db, "test.batch", { i });
    expect((await runDueTasks(t.db, 2)).ran).toBe(2);
    expect((await runDueTasks(t.db, 10)).ran).toBe(3);
  });
});
