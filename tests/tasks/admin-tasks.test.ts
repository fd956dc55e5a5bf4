// The task center: listing the outbox (filters, newest first, never a secret) and retrying tasks.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, tasks } from "../../src/server/db/schema";
import { enqueueTask, listTasksAdmin, registerTaskHandler, retryTasks, runDueTasks, setTaskKicker } from "../../src/server/services/tasks";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;

const row = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
const makeDue = (id: string) => t.db.update(tasks).set({ runAt: sql`now() - interval '1 second'` }).where(eq(tasks.id, id));
/** Runs the worker until the task has failed for good. */
async function failForGood(id: string) {
  for (let i = 0; i < 10 && (await row(id)).status !== "FAILED"; i++) {
    await makeDue(id);
    await runDueTasks(t.db);
  }
  expect((await row(id)).status).toBe("FAILED");
}

let calls = 0;
beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
  registerTaskHandler("tc.fail", async () => {
    calls++;
    throw new Error("upstream said no");
  });
  registerTaskHandler("tc.ok", async () => ({ done: true }));
});

describe("listTasksAdmin", () => {
  it("lists newest first, filters by status, kind and text, and pages", async () => {
    const a = await enqueueTask(t.db, "tc.list-a", { to: "first@example.com" });
    await t.db.update(tasks).set({ createdAt: sql`now() - interval '1 minute'` }).where(eq(tasks.id, a));
    const b = await enqueueTask(t.db, "tc.list-b", { to: "second@example.com" });
    await t.db.update(tasks).set({ status: "SUCCEEDED" }).where(eq(tasks.id, b));

    const all = await listTasksAdmin(admin.ctx, { q: "@example.com", pageSize: 20 });
    expect(all.rows.map((r) => r.id)).toEqual([b, a]);
    expect(all).toMatchObject({ older: null, newer: null });
    expect(all.kinds).toEqual(expect.arrayContaining(["tc.list-a", "tc.list-b"]));

    expect((await listTasksAdmin(admin.ctx, { kind: "tc.list-a" })).rows.map((r) => r.id)).toEqual([a]);
    const succeeded = await listTasksAdmin(admin.ctx, { status: "SUCCEEDED", q: "example.com" });
    expect(succeeded.rows.map((r) => r.id)).toEqual([b]);
    expect(succeeded.rows[0]).toMatchObject({ kind: "tc.list-b", status: "SUCCEEDED", attempts: 0, maxAttempts: 5, lastError: null, retryable: false, payload: { to: "second@example.com" } });
    expect((await listTasksAdmin(admin.ctx, { q: "second@" })).rows.map((r) => r.id)).toEqual([b]);
    expect((await listTasksAdmin(admin.ctx, { q: a })).rows.map((r) => r.id)).toEqual([a]);
    // A LIKE wildcard typed in the search is a literal character.
    expect((await listTasksAdmin(admin.ctx, { q: "%" })).rows).toHaveLength(0);

    // Keyset pages on (created_at, id), like the logs: no page numbers, a cursor each way.
    const page1 = await listTasksAdmin(admin.ctx, { q: "@example.com", pageSize: 1 });
    expect(page1.rows.map((r) => r.id)).toEqual([b]);
    expect(page1.newer).toBeNull();
    const page2 = await listTasksAdmin(admin.ctx, { q: "@example.com", cursor: page1.older!, pageSize: 1 });
    expect(page2).toMatchObject({ pageSize: 1, older: null });
    expect(page2.rows.map((r) => r.id)).toEqual([a]);
    const back = await listTasksAdmin(admin.ctx, { q: "@example.com", cursor: page2.newer!, direction: "newer", pageSize: 1 });
    expect(back.rows.map((r) => r.id)).toEqual([b]);
    await expect(listTasksAdmin(admin.ctx, { cursor: "page-2" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("offers each kind the outbox holds once, in order, and none when it is empty", async () => {
    for (const kind of ["tc.kinds-b", "tc.kinds-a", "tc.kinds-b", "tc.kinds-c"]) await enqueueTask(t.db, kind, {});
    const held = await t.db.selectDistinct({ kind: tasks.kind }).from(tasks).orderBy(tasks.kind);
    const { kinds } = await listTasksAdmin(admin.ctx, {});
    expect(kinds).toEqual(held.map((k) => k.kind));
    expect(kinds.filter((k) => k.startsWith("tc.kinds-"))).toEqual(["tc.kinds-a", "tc.kinds-b", "tc.kinds-c"]);
    // Emptied inside a transaction that is then rolled back: the other tests keep their tasks.
    class Rollback extends Error {
      constructor(readonly kinds: string[]) {
        super("rollback");
      }
    }
    const empty = await t.db
      .transaction(async (tx) => {
        await tx.delete(tasks);
        throw new Rollback((await listTasksAdmin({ ...admin.ctx, db: tx }, {})).kinds);
      })
      .catch((e: unknown) => (e instanceof Rollback ? e.kinds : e));
    expect(empty).toEqual([]);
  });

  it("never returns a payload's secret, encrypted or not", async () => {
    const sealed = await enqueueTask(t.db, "tc.secret", { to: "s@example.com", secret: { link: "https://x.test/reset?token=abcdef123456" } });
    // A row written by hand with a plain secret is stripped too.
    const [plain] = await t.db.insert(tasks).values({ kind: "tc.secret", payload: { to: "p@example.com", secret: { link: "plain-secret-value" } } }).returning({ id: tasks.id });
    const list = await listTasksAdmin(admin.ctx, { kind: "tc.secret" });
    expect(list.rows.map((r) => r.id).sort()).toEqual([sealed, plain!.id].sort());
    for (const r of list.rows) expect(r.payload).not.toHaveProperty("secret");
    const text = JSON.stringify(list);
    expect(text).not.toContain("v1.");
    expect(text).not.toContain("plain-secret-value");
    expect(text).not.toContain("abcdef123456");
    // Searching for a secret's text finds nothing.
    expect((await listTasksAdmin(admin.ctx, { q: "plain-secret" })).rows).toHaveLength(0);
  });

  it("refuses anyone but an admin", async () => {
    await expect(listTasksAdmin(user.ctx, {})).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
    await expect(listTasksAdmin(anonCtx(t.db), {})).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("rejects an unknown status filter", async () => {
    await expect(listTasksAdmin(admin.ctx, { status: "BOGUS" })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("retryTasks", () => {
  it("sets a failed task back to PENDING, due now, one more attempt allowed, audited, and kicks the worker", async () => {
    const id = await enqueueTask(t.db, "tc.fail", { n: 1 }, { maxAttempts: 2 });
    await failForGood(id);
    const before = await row(id);
    expect(before).toMatchObject({ status: "FAILED", attempts: 2, maxAttempts: 2, lastError: "upstream said no" });
    const listed = (await listTasksAdmin(admin.ctx, { q: id })).rows[0]!;
    expect(listed).toMatchObject({ retryable: true, secretErased: false });

    let kicked = 0;
    setTaskKicker(() => kicked++);
    try {
      expect(await retryTasks(admin.ctx, { ids: [id] })).toEqual([{ id, ok: true }]);
    } finally {
      setTaskKicker(undefined);
    }
    expect(kicked).toBe(1);
    const after = await row(id);
    expect(after).toMatchObject({ status: "PENDING", attempts: 2, maxAttempts: 3, lockedUntil: null, lastError: "upstream said no" });
    expect(after.runAt.getTime()).toBeLessThanOrEqual(Date.now());

    const [audit] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "task.retried"), eq(auditLogs.targetId, id)));
    expect(audit).toMatchObject({ actorKind: "admin", actorId: admin.id, targetType: "task", metadata: { kind: "tc.fail", from: "FAILED", attempts: 2, maxAttempts: 3 } });

    // Exactly one more attempt: it runs now and, failing again, ends as FAILED.
    const runsBefore = calls;
    await runDueTasks(t.db);
    expect(calls).toBe(runsBefore + 1);
    expect(await row(id)).toMatchObject({ status: "FAILED", attempts: 3 });
  });

  it("brings a task that is backing off forward, keeping its attempts and limit", async () => {
    const id = await enqueueTask(t.db, "tc.fail", {}, { maxAttempts: 5 });
    await runDueTasks(t.db);
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(waiting.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await retryTasks(admin.ctx, { ids: [id] })).toEqual([{ id, ok: true }]);
    const after = await row(id);
    expect(after).toMatchObject({ status: "PENDING", attempts: 1, maxAttempts: 5 });
    expect(after.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("answers per id: not found, not retryable (succeeded, fresh), secret erased", async () => {
    const ok = await enqueueTask(t.db, "tc.ok", {});
    const fresh = await enqueueTask(t.db, "tc.ok", {}, { runAt: new Date(Date.now() + 3600_000) });
    await makeDue(ok);
    await runDueTasks(t.db);
    expect((await row(ok)).status).toBe("SUCCEEDED");
    const withSecret = await enqueueTask(t.db, "tc.fail", { to: "z@example.com", secret: { link: "https://x.test/verify?token=zzzzzzzzzz" } }, { maxAttempts: 1 });
    await failForGood(withSecret);
    expect((await row(withSecret)).payload).toEqual({ to: "z@example.com", secretErased: true });
    expect((await listTasksAdmin(admin.ctx, { q: withSecret })).rows[0]).toMatchObject({ secretErased: true, retryable: false, payload: { to: "z@example.com" } });

    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await retryTasks(admin.ctx, { ids: [ok, fresh, withSecret, missing] })).toEqual([
      { id: ok, ok: false, reason: "task_not_retryable" },
      { id: fresh, ok: false, reason: "task_not_retryable" },
      { id: withSecret, ok: false, reason: "task_secret_erased" },
      { id: missing, ok: false, reason: "task_not_found" },
    ]);
    expect((await row(ok)).status).toBe("SUCCEEDED");
    expect((await row(withSecret)).status).toBe("FAILED");
    const audits = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "task.retried"), eq(auditLogs.targetId, withSecret)));
    expect(audits).toEqual([]);
  });

  it("refuses a USER (403) and anonymous callers, and changes nothing", async () => {
    const id = await enqueueTask(t.db, "tc.fail", {}, { maxAttempts: 1 });
    await failForGood(id);
    await expect(retryTasks(user.ctx, { ids: [id] })).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
    await expect(retryTasks(anonCtx(t.db), { ids: [id] })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await row(id)).status).toBe("FAILED");
  });

  it("validates its input", async () => {
    await expect(retryTasks(admin.ctx, { ids: [] })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(retryTasks(admin.ctx, { ids: ["nope"] })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});
