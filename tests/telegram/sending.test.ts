// The telegram.send outbox task against the simulator: a chat that blocked the bot marks the binding
// and ends the task (no retry, nothing more queued), a 429 is waited out exactly as long as Telegram
// says without using up an attempt, sends are paced per chat, and the bot token appears in no log
// line, task payload, task error or audit row.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, tasks, telegramBindings } from "../../src/server/db/schema";
import { runDueTasks } from "../../src/server/services/tasks";
import { queueTelegramMessage } from "../../src/server/services/telegram/send-task";
import { captureOutput } from "../helpers/capture-logs";
import { testDbForFile } from "../helpers/db";
import { bindThroughLink, botSaid, makeEnglishUser, telegramWorld } from "./world";

const t = testDbForFile();
const w = telegramWorld(() => t.db);
let nextChat = 950_000_000 + Math.floor(Math.random() * 1_000_000);
const chat = () => nextChat++;

const taskRow = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
const queue = (userId: string, chatId: number, html: string) => t.db.transaction((tx) => queueTelegramMessage(tx, { userId, chatId }, { html }, "notification"));

describe("telegram.send", () => {
  it("a chat that blocked the bot: the binding is marked, the task ends without retry, and nothing more is queued", async () => {
    const user = await makeEnglishUser(t.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    // Blocked on Telegram's side only, as if the bot had missed the my_chat_member update: the send finds out.
    w.sim.block(c, true);
    const blockedAt = async () => (await t.db.select().from(telegramBindings).where(eq(telegramBindings.userId, user.id)))[0]!.blockedAt;
    await expect.poll(blockedAt, { timeout: 5000 }).not.toBeNull();
    await t.db.update(telegramBindings).set({ blockedAt: null }).where(eq(telegramBindings.userId, user.id));
    const id = await queue(user.id, c, "first");
    await runDueTasks(t.db);
    const row = await taskRow(id);
    expect(row).toMatchObject({ status: "SUCCEEDED", attempts: 1, result: { blocked: true } });
    expect((row.result as { telegram: string }).telegram).toMatch(/^403: Forbidden: bot was blocked by the user/);
    expect(await blockedAt()).not.toBeNull();
    // A task queued before the mark finds it and does not call Telegram at all.
    const calls = w.sim.calls.length;
    const later = await queue(user.id, c, "second");
    await runDueTasks(t.db);
    expect(await taskRow(later)).toMatchObject({ status: "SUCCEEDED", result: { skipped: "blocked" } });
    expect(w.sim.calls.slice(calls).filter((x) => x.method === "sendMessage")).toEqual([]);
    w.sim.block(c, false);
  });

  it("honours a 429's retry_after: due again after that long, the attempt given back, then sent", async () => {
    const user = await makeEnglishUser(t.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    // Telegram allows one message a second in this chat; the bot's own answer to /start used it.
    w.sim.setRateLimit(1);
    try {
      const res = await fetch(`${w.sim.url}/bot${w.sim.token}/sendMessage`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ chat_id: c, text: "someone else's send" }) });
      expect([200, 429]).toContain(res.status);
      const id = await queue(user.id, c, "rate limited");
      const before = Date.now();
      await runDueTasks(t.db);
      const row = await taskRow(id);
      expect(row).toMatchObject({ status: "PENDING", attempts: 0 });
      expect(row.lastError).toMatch(/429: Too Many Requests: retry after 1/);
      expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + 900);
      expect(w.sim.sent(c).map((m) => m.text)).not.toContain("rate limited");
      // Not due yet: running the outbox now does not touch it.
      await runDueTasks(t.db);
      expect((await taskRow(id)).attempts).toBe(0);
      await t.db.update(tasks).set({ runAt: sql`now() - interval '1 millisecond'` }).where(eq(tasks.id, id));
      await expect
        .poll(
          async () => {
            await runDueTasks(t.db);
            return (await taskRow(id)).status;
          },
          { timeout: 5000, interval: 250 },
        )
        .toBe("SUCCEEDED");
      expect(w.sim.sent(c).map((m) => m.text)).toContain("rate limited");
    } finally {
      w.sim.setRateLimit(null);
    }
  });

  it("paces sends to one chat: the second waits for the next second without a failed attempt", async () => {
    const user = await makeEnglishUser(t.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    const before = w.sim.sent(c).length;
    const a = await queue(user.id, c, "one");
    const b = await queue(user.id, c, "two");
    await runDueTasks(t.db);
    // Queued in the same millisecond, either may go first; the other waits.
    const rows = await Promise.all([taskRow(a), taskRow(b)]);
    expect(rows.map((r) => r.status).sort()).toEqual(["PENDING", "SUCCEEDED"]);
    expect(rows.find((r) => r.status === "PENDING")).toMatchObject({ attempts: 0, lastError: "paced: Telegram's per-chat limit" });
    expect(rows.find((r) => r.status === "PENDING")!.runAt.getTime()).toBeGreaterThan(Date.now());
    await expect
      .poll(
        async () => {
          await runDueTasks(t.db);
          return w.sim.sent(c).length;
        },
        { timeout: 5000, interval: 250 },
      )
      .toBe(before + 2);
    expect(w.sim.sent(c).slice(before).map((m) => m.text).sort()).toEqual(["one", "two"]);
  });

  it("a task whose account was unbound since is dropped, not sent to the chat", async () => {
    const user = await makeEnglishUser(t.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    const id = await queue(user.id, c, "after unbind");
    await t.db.delete(telegramBindings).where(eq(telegramBindings.userId, user.id));
    await runDueTasks(t.db);
    expect(await taskRow(id)).toMatchObject({ status: "SUCCEEDED", result: { skipped: "unbound" } });
  });

  it("the token is in no log line, task payload, task error or audit row", async () => {
    const user = await makeEnglishUser(t.db);
    const c = chat();
    const { output } = await captureOutput(async () => {
      await bindThroughLink(w.sim, user, c);
      const blocked = chat();
      const other = await makeEnglishUser(t.db);
      await bindThroughLink(w.sim, other, blocked);
      w.sim.block(blocked, true);
      await queue(other.id, blocked, "to a blocked chat");
      // A send Telegram refuses (malformed HTML): its error is stored and logged.
      await t.db.transaction((tx) => queueTelegramMessage(tx, { userId: user.id, chatId: c }, { html: "<b>unclosed" }, "notification"));
      await runDueTasks(t.db);
      await botSaid(w.sim, c, 0);
    });
    const token = w.sim.token;
    const secretPart = token.split(":")[1]!;
    const rows = JSON.stringify(await t.db.select().from(tasks));
    const audit = JSON.stringify(await t.db.select().from(auditLogs));
    for (const where of [output, rows, audit]) {
      expect(where).not.toContain(token);
      expect(where).not.toContain(secretPart);
    }
    // The broken HTML send failed with Telegram's words, stored without the token.
    expect(rows).toMatch(/can't parse entities/);
  });
});
