// The task center's "retry selected" through its Server Action: a mixed selection answers per
// task (retried, or not retryable with the reason), each retried task is audited once and gets
// exactly one more attempt, and the others are left as they were.
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { auditLogs, tasks } from "../../src/server/db/schema";
import { enqueueTask, registerTaskHandler, runDueTasks } from "../../src/server/services/tasks";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "relayboard.test" }), cookies: async () => ({ get: () => undefined }) }));
const { retryTasksAction } = await import("../../src/app/admin/tasks/actions");

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;
const runs = new Map<string, number>();

const row = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
const makeDue = (ids: string[]) => t.db.update(tasks).set({ runAt: sql`now() - interval '1 second'` }).where(inArray(tasks.id, ids));

beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
  registerTaskHandler("tc.batch.fail", async (payload) => {
    const n = String((payload as { n: number }).n);
    runs.set(n, (runs.get(n) ?? 0) + 1);
    throw new Error("still failing");
  });
  registerTaskHandler("tc.batch.ok", async () => ({ done: true }));
});

describe("retry selected (retryTasksAction)", () => {
  it("retries the retryable ones of a mixed selection, one more attempt each, audited per task", async () => {
    const failed = [];
    for (let n = 0; n < 3; n++) failed.push(await enqueueTask(t.db, "tc.batch.fail", { n }, { maxAttempts: 1 }));
    const succeeded = await enqueueTask(t.db, "tc.batch.ok", {});
    const running = await enqueueTask(t.db, "tc.batch.ok", {}, { runAt: new Date(Date.now() + 3600_000) });
    await makeDue([...failed, succeeded]);
    await runDueTasks(t.db);
    await t.db.update(tasks).set({ status: "RUNNING", lockedUntil: sql`now() + interval '5 minutes'` }).where(eq(tasks.id, running));
    for (const id of failed) expect(await row(id)).toMatchObject({ status: "FAILED", attempts: 1, maxAttempts: 1 });
    expect((await row(succeeded)).status).toBe("SUCCEEDED");
    runs.clear();

    caller.ctx = admin.ctx;
    const selection = [failed[0]!, succeeded, failed[1]!, running, failed[2]!];
    const r = await retryTasksAction(selection);
    expect(r).toEqual({
      ok: true,
      data: [
        { id: failed[0], ok: true },
        { id: succeeded, ok: false, reason: "task_not_retryable" },
        { id: failed[1], ok: true },
        { id: running, ok: false, reason: "task_not_retryable" },
        { id: failed[2], ok: true },
      ],
    });
    for (const id of failed) expect(await row(id)).toMatchObject({ status: "PENDING", attempts: 1, maxAttempts: 2 });
    expect(await row(succeeded)).toMatchObject({ status: "SUCCEEDED", attempts: 1 });
    expect((await row(running)).status).toBe("RUNNING");

    const audits = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "task.retried"), inArray(auditLogs.targetId, selection)));
    expect(audits.map((a) => a.targetId).sort()).toEqual([...failed].sort());
    expect(audits.every((a) => a.actorId === admin.id)).toBe(true);

    // Exactly one more attempt each: the worker runs each once, and each ends FAILED again.
    await runDueTasks(t.db);
    await makeDue(failed);
    await runDueTasks(t.db);
    expect([...runs.values()]).toEqual([1, 1, 1]);
    for (const id of failed) expect(await row(id)).toMatchObject({ status: "FAILED", attempts: 2, maxAttempts: 2 });
  });

  it("refuses an ordinary user with 403 and changes nothing", async () => {
    const id = await enqueueTask(t.db, "tc.batch.fail", { n: 99 }, { maxAttempts: 1 });
    await makeDue([id]);
    await runDueTasks(t.db);
    caller.ctx = user.ctx;
    const r = await retryTasksAction([id]);
    expect(r).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect((await row(id)).status).toBe("FAILED");
  });

  it("answers a malformed selection with a validation error, not a 500", async () => {
    caller.ctx = admin.ctx;
    expect(await retryTasksAction(["not-a-uuid"])).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    expect(await retryTasksAction([])).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
  });
});
