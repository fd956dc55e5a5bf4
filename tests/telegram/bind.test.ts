// Binding a Telegram chat through the one-time deep link, against the Bot API simulator over HTTP
// with the bot polling in this process: single use, expiry, wrong codes, what an unbound chat
// learns, one user per chat, unbinding from either side, and the audit trail (never the token).
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, telegramBindCodes, telegramBindings, users } from "../../src/server/db/schema";
import { createTelegramBindLink, getTelegramBinding, unbindTelegram } from "../../src/server/services/telegram";
import { anonCtx } from "../helpers/actors";
import { openSecondInstance, testDbForFile } from "../helpers/db";
import { bindChatWithCode } from "../../src/server/services/telegram/binding";
import { ask, bindThroughLink, block, botSaid, buttonsOf, makeEnglishUser, SITE, telegramWorld } from "./world";

const t = testDbForFile();
const w = telegramWorld(() => t.db);
let nextChat = 910_000_000 + Math.floor(Math.random() * 1_000_000);
const chat = () => nextChat++;

const bindingOf = async (userId: string) => (await t.db.select().from(telegramBindings).where(eq(telegramBindings.userId, userId)))[0];

describe("the deep link", () => {
  it("binds the chat it is opened in, once, and the account page shows it", async () => {
    const user = await makeEnglishUser(t.db);
    expect(await getTelegramBinding(user.ctx)).toEqual({ configured: true, binding: null });
    const link = await createTelegramBindLink(user.ctx);
    expect(link.url).toMatch(/^https:\/\/t\.me\/relayboard_sim_bot\?start=[A-Za-z0-9_-]{32}$/);
    expect(link.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(link.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const code = new URL(link.url).searchParams.get("start")!;
    // Only a keyed hash is stored.
    const stored = await t.db.select().from(telegramBindCodes).where(eq(telegramBindCodes.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.codeHash).not.toContain(code);

    const c = chat();
    const answer = await ask(w.sim, c, `/start ${code}`, { username: "alice_tg" });
    expect(answer.text).toContain(user.email);
    expect(answer.text).toContain("/subs");
    expect(await bindingOf(user.id)).toMatchObject({ chatId: c, username: "alice_tg", blockedAt: null });
    expect(await getTelegramBinding(user.ctx)).toMatchObject({ configured: true, binding: { username: "alice_tg", blocked: false } });

    // The same code again, from another chat: refused, nothing changes.
    const other = chat();
    const again = await ask(w.sim, other, `/start ${code}`);
    expect(again.text).toMatch(/invalid, expired or already used|无效/);
    expect((await bindingOf(user.id))!.chatId).toBe(c);

    const audit = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "telegram.bind"), eq(auditLogs.targetId, user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorKind: "user", actorId: user.id, targetType: "user" });
    expect(JSON.stringify(audit)).not.toContain(w.sim.token);
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  it("binds once when the same code arrives twice at once (separate connections on PostgreSQL)", async () => {
    const user = await makeEnglishUser(t.db);
    const code = new URL((await createTelegramBindLink(user.ctx)).url).searchParams.get("start")!;
    const second = openSecondInstance(t);
    try {
      const [c1, c2] = [chat(), chat()];
      const outcomes = await Promise.all([bindChatWithCode(t.db, code, { chatId: c1, username: null }), bindChatWithCode(second.db, code, { chatId: c2, username: null })]);
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(["bound", "invalid"]);
      const rows = await t.db.select().from(telegramBindings).where(eq(telegramBindings.userId, user.id));
      expect(rows).toHaveLength(1);
      expect([c1, c2]).toContain(rows[0]!.chatId);
      expect(await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "telegram.bind"), eq(auditLogs.targetId, user.id)))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("refuses an expired code and a made-up one", async () => {
    const user = await makeEnglishUser(t.db);
    const link = await createTelegramBindLink(user.ctx);
    const code = new URL(link.url).searchParams.get("start")!;
    await t.db.update(telegramBindCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(telegramBindCodes.userId, user.id));
    const c = chat();
    expect((await ask(w.sim, c, `/start ${code}`)).text).toMatch(/expired/);
    expect((await ask(w.sim, c, `/start ${"x".repeat(32)}`)).text).toMatch(/expired/);
    expect(await bindingOf(user.id)).toBeUndefined();
  });

  it("a new link retires the previous one", async () => {
    const user = await makeEnglishUser(t.db);
    const first = new URL((await createTelegramBindLink(user.ctx)).url).searchParams.get("start")!;
    await createTelegramBindLink(user.ctx);
    expect((await ask(w.sim, chat(), `/start ${first}`)).text).toMatch(/expired/);
    expect(await bindingOf(user.id)).toBeUndefined();
  });

  it("binding from a second chat moves the account to it; a chat bound to someone else is refused", async () => {
    const a = await makeEnglishUser(t.db);
    const b = await makeEnglishUser(t.db);
    const c1 = chat();
    const c2 = chat();
    await bindThroughLink(w.sim, a, c1);
    await bindThroughLink(w.sim, a, c2);
    expect((await bindingOf(a.id))!.chatId).toBe(c2);
    // b's code in a's chat: refused, and the code stays usable elsewhere.
    const code = new URL((await createTelegramBindLink(b.ctx)).url).searchParams.get("start")!;
    expect((await ask(w.sim, c2, `/start ${code}`)).text).toMatch(/\/unbind first/);
    expect((await bindingOf(a.id))!.chatId).toBe(c2);
    expect(await bindingOf(b.id)).toBeUndefined();
    const c3 = chat();
    expect((await ask(w.sim, c3, `/start ${code}`)).text).toContain(b.email);
  });

  it("is answered in a group with no binding and no data", async () => {
    const user = await makeEnglishUser(t.db);
    const code = new URL((await createTelegramBindLink(user.ctx)).url).searchParams.get("start")!;
    const group = -(chat());
    const answer = await ask(w.sim, group, `/start ${code}`, { fromId: 42_000_001 });
    expect(answer.text).toMatch(/private chat/);
    expect(buttonsOf(answer).map((b) => b.url)).toEqual(["https://t.me/relayboard_sim_bot"]);
    expect(await bindingOf(user.id)).toBeUndefined();
  });
});

describe("an unbound chat", () => {
  it("learns only how to bind, whatever it writes, in its own language", async () => {
    const c = chat();
    for (const text of ["/subs", "hello", "/stats", "/start"]) {
      const answer = await ask(w.sim, c, text, { languageCode: "en" });
      expect(answer.text).toMatch(/^To use this bot, link it to your account on Relayboard/);
      expect(buttonsOf(answer)).toEqual([{ text: "Open my account", url: `${SITE}/account` }]);
    }
    const zh = await ask(w.sim, chat(), "/subs", { languageCode: "zh-hans" });
    expect(zh.text).toMatch(/绑定/);
  });
});

describe("unbinding", () => {
  it("from the chat: /unbind removes the binding, audited; the chat is a stranger again", async () => {
    const user = await makeEnglishUser(t.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    expect((await ask(w.sim, c, "/unbind")).text).toMatch(/no longer linked/);
    expect(await bindingOf(user.id)).toBeUndefined();
    expect((await ask(w.sim, c, "/subs")).text).toMatch(/^To use this bot/);
    const audit = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "telegram.unbind"), eq(auditLogs.targetId, user.id)));
    expect(audit.map((a) => a.metadata)).toEqual([{ chatId: c, from: "telegram" }]);
  });

  it("from the account page: unbindTelegram, audited; a second call changes nothing", async () => {
    const user = await makeEnglishUser(t.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    expect(await unbindTelegram(user.ctx)).toEqual({ unbound: true });
    expect(await unbindTelegram(user.ctx)).toEqual({ unbound: false });
    expect(await getTelegramBinding(user.ctx)).toEqual({ configured: true, binding: null });
    expect((await ask(w.sim, c, "/help")).text).toMatch(/^To use this bot/);
    const audit = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "telegram.unbind"), eq(auditLogs.targetId, user.id)));
    expect(audit.map((a) => a.metadata)).toEqual([{ chatId: c, from: "site" }]);
  });

  it("an account no longer active learns only that; it may still unbind", async () => {
    const user = await makeEnglishUser(t.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    await t.db.update(users).set({ status: "DISABLED" }).where(eq(users.id, user.id));
    expect((await ask(w.sim, c, "/subs")).text).toBe("Your account is not active. Please sign in on the site for details.");
    expect((await ask(w.sim, c, "/unbind")).text).toMatch(/no longer linked/);
    expect(await bindingOf(user.id)).toBeUndefined();
  });

  it("the verbs check their caller", async () => {
    await expect(createTelegramBindLink(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getTelegramBinding(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(unbindTelegram(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("blocking the bot", () => {
  it("marks the binding, and the next /start from that chat clears it", async () => {
    const user = await makeEnglishUser(t.db);
    const c = chat();
    const before = (await bindThroughLink(w.sim, user, c)) && w.sim.sent(c).length;
    await block(w.sim, c, true);
    await expect.poll(async () => (await bindingOf(user.id))!.blockedAt, { timeout: 5000 }).not.toBeNull();
    expect((await getTelegramBinding(user.ctx)).binding?.blocked).toBe(true);
    // Writing to a blocked bot unblocks it (Telegram's "Restart").
    await ask(w.sim, c, "/start");
    await botSaid(w.sim, c, before);
    await expect.poll(async () => (await bindingOf(user.id))!.blockedAt, { timeout: 5000 }).toBeNull();
  });
});
