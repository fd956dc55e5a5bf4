// The Telegram simulator is what the bot's tests will trust, so it is driven by the bot's own
// library (grammy) over real sockets: long polling with bot.start(), webhooks through
// webhookCallback, and the errors grammy turns into GrammyError, with Telegram's codes and texts.
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { Bot, GrammyError, InlineKeyboard, webhookCallback } from "grammy";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTelegramSimulator, type SentMessage, type TelegramSimulator } from "../../simulators/telegram/server";

const TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1";
let sim: TelegramSimulator;
beforeAll(async () => {
  sim = await startTelegramSimulator({ token: TOKEN, webhookRetryDelaysMs: [20, 20] });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const newBot = (opts: ConstructorParameters<typeof Bot>[1] = {}) => new Bot(TOKEN, { ...opts, client: { apiRoot: sim.url, ...opts.client } });

async function control<T = Record<string, unknown>>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${sim.url}/__sim${path}`, body === undefined ? undefined : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

/** The GrammyError a call fails with (the test fails if it succeeds). */
async function failure(call: Promise<unknown>): Promise<GrammyError> {
  const err = await call.then(
    () => new Error("expected the call to fail"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GrammyError);
  return err as GrammyError;
}

/** A webhook endpoint on a free port. */
async function hookServer(handler: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((r) => (server.close(() => r()), server.closeAllConnections())),
  };
}

describe("Telegram simulator: the Bot API surface", () => {
  it("answers getMe for the accepted token, 401 for another, 404 for an unknown method, any method case", async () => {
    expect(await newBot().api.getMe()).toMatchObject({ id: 123456789, is_bot: true, username: "relayboard_sim_bot" });
    const wrong = await failure(new Bot("987654321:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1", { client: { apiRoot: sim.url } }).api.getMe());
    expect([wrong.error_code, wrong.description]).toEqual([401, "Unauthorized"]);
    const unknown = await fetch(`${sim.url}/bot${TOKEN}/sendSticker`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ ok: false, error_code: 404, description: "Not Found: method not found" });
    expect(await (await fetch(`${sim.url}/bot${TOKEN}/GETME`)).json()).toMatchObject({ ok: true, result: { id: 123456789 } });
  });

  it("reads form-urlencoded bodies and query parameters, with reply_markup as a JSON string", async () => {
    sim.sendUpdate({ chatId: 501, text: "hi" });
    const form = new URLSearchParams({ chat_id: "501", text: "from a form", reply_markup: JSON.stringify({ inline_keyboard: [[{ text: "Open", url: "https://example.com/a" }]] }), disable_web_page_preview: "true" });
    const viaForm = await (await fetch(`${sim.url}/bot${TOKEN}/sendMessage`, { method: "POST", body: form })).json();
    expect(viaForm).toMatchObject({ ok: true, result: { message_id: 2, chat: { id: 501, type: "private" }, from: { id: 123456789, is_bot: true }, text: "from a form", reply_markup: { inline_keyboard: [[{ text: "Open", url: "https://example.com/a" }]] } } });
    const viaQuery = await (await fetch(`${sim.url}/bot${TOKEN}/sendmessage?chat_id=501&text=from%20a%20query`)).json();
    expect(viaQuery).toMatchObject({ ok: true, result: { message_id: 3, text: "from a query" } });
    expect(sim.sent(501).map((m) => [m.text, m.linkPreview])).toEqual([["from a form", { is_disabled: true }], ["from a query", null]]);
  });

  it("refuses what Telegram refuses, with its codes and texts", async () => {
    const api = newBot().api;
    sim.sendUpdate({ chatId: 502, text: "hi" });
    const bad = async (call: Promise<unknown>) => {
      const e = await failure(call);
      expect(e.error_code).toBe(400);
      return e.description;
    };
    const raw = (params: Record<string, unknown>) => api.raw.sendMessage(params as never);
    expect(await bad(raw({ text: "x" }))).toBe("Bad Request: chat_id is empty");
    expect(await bad(api.sendMessage(503, "never wrote to the bot"))).toBe("Bad Request: chat not found");
    expect(await bad(raw({ chat_id: 502 }))).toBe("Bad Request: message text is empty");
    expect(await bad(api.sendMessage(502, " \n "))).toBe("Bad Request: message text is empty");
    expect(await bad(api.sendMessage(502, "x".repeat(4097)))).toBe("Bad Request: message is too long");
    expect((await api.sendMessage(502, "é".repeat(4096))).text).toHaveLength(4096);
    expect(await bad(api.sendMessage(502, "x", { parse_mode: "BBCode" as never }))).toBe("Bad Request: unsupported parse_mode");
    expect(await bad(api.sendMessage(502, "x", { reply_markup: { inline_keyboard: [[{ text: "no action" } as never]] } }))).toBe("Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
    expect(await bad(api.sendMessage(502, "x", { reply_markup: new InlineKeyboard().text("long", "d".repeat(65)) }))).toBe("Bad Request: BUTTON_DATA_INVALID");
    expect(await bad(api.sendMessage(502, "x", { reply_parameters: { message_id: 999 } }))).toBe("Bad Request: message to be replied not found");
    expect(await bad(api.answerCallbackQuery("123"))).toBe("Bad Request: query is too old and response timeout expired or query ID is invalid");
    expect(sim.sent(502)).toHaveLength(1);
  });

  it("parses HTML like Telegram: entities on the plain text, 400 can't parse entities for broken markup", async () => {
    const api = newBot().api;
    sim.sendUpdate({ chatId: 504, text: "hi" });
    const m = await api.sendMessage(504, '<b>Plan</b> &lt;Pro&gt; — <a href="https://relay.example/p?a=1&amp;b=2">renew</a>\n<pre><code class="language-json">{}</code></pre>', { parse_mode: "HTML" });
    expect(m.text).toBe("Plan <Pro> — renew\n{}");
    expect(m.entities).toEqual([
      { type: "bold", offset: 0, length: 4 },
      { type: "text_link", offset: 13, length: 5, url: "https://relay.example/p?a=1&b=2" },
      { type: "pre", offset: 19, length: 2, language: "json" },
    ]);
    const html = async (text: string) => (await failure(api.sendMessage(504, text, { parse_mode: "HTML" }))).description;
    expect(await html("<b>unclosed")).toBe(`Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`);
    expect(await html("line<br>break")).toBe(`Bad Request: can't parse entities: Unsupported start tag "br" at byte offset 4`);
    expect(await html("<b>a</i>")).toBe(`Bad Request: can't parse entities: Unmatched end tag at byte offset 4, expected "</b>", found "</i>"`);
    expect(await html("价格</b>")).toBe("Bad Request: can't parse entities: Unexpected end tag at byte offset 6");
    expect(await html("1 < 2")).toBe(`Bad Request: can't parse entities: Unsupported start tag "" at byte offset 2`);
    const v2 = await failure(api.sendMessage(504, "Paid 12.50", { parse_mode: "MarkdownV2" }));
    expect(v2.description).toBe("Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'");
    expect((await api.sendMessage(504, "*Paid* 12\\.50", { parse_mode: "MarkdownV2" })).entities).toEqual([{ type: "bold", offset: 0, length: 4 }]);
    expect(sim.sent(504).map((s) => s.parseMode)).toEqual(["HTML", "MarkdownV2"]);
  });

  it("edits, refuses an edit that changes nothing, deletes, and keeps the bot's command list", async () => {
    const api = newBot().api;
    sim.sendUpdate({ chatId: 505, text: "hi" });
    const m = await api.sendMessage(505, "Order <b>#1</b>", { parse_mode: "HTML", reply_markup: new InlineKeyboard().text("Pay", "pay:1") });
    const e = await api.editMessageText(505, m.message_id, "Order <b>#1</b> paid", { parse_mode: "HTML" });
    expect(e).toMatchObject({ message_id: m.message_id, text: "Order #1 paid", edit_date: expect.any(Number) });
    expect(e).not.toHaveProperty("reply_markup"); // an edit without reply_markup drops the keyboard, as on Telegram
    expect(sim.sent(505)).toEqual([expect.objectContaining({ messageId: m.message_id, text: "Order #1 paid", replyMarkup: null, editedAt: expect.any(String) })]);
    const same = await failure(api.editMessageText(505, m.message_id, "Order <b>#1</b> paid", { parse_mode: "HTML" }));
    expect(same.description).toMatch(/^Bad Request: message is not modified: specified new message content and reply markup are exactly the same/);
    expect((await failure(api.editMessageText(505, 999, "x"))).description).toBe("Bad Request: message to edit not found");
    expect((await failure(api.editMessageText(505, 1, "x"))).description).toBe("Bad Request: message can't be edited"); // the user's
    expect(await api.deleteMessage(505, m.message_id)).toBe(true);
    expect(sim.sent(505)[0]!.deletedAt).not.toBeNull();
    expect((await failure(api.deleteMessage(505, m.message_id))).description).toBe("Bad Request: message to delete not found");
    expect(await api.setMyCommands([{ command: "start", description: "Bind your account" }], { language_code: "en" })).toBe(true);
    expect(await api.getMyCommands({ language_code: "en" })).toEqual([{ command: "start", description: "Bind your account" }]);
    expect((await failure(api.setMyCommands([{ command: "Start!", description: "x" }]))).description).toBe("Bad Request: BOT_COMMAND_INVALID");
    expect((await control<unknown[]>("/commands")).body).toEqual([{ scope: { type: "default" }, languageCode: "en", commands: [{ command: "start", description: "Bind your account" }] }]);
  });
});

describe("Telegram simulator: long polling", () => {
  it("holds getUpdates until an update arrives, redelivers until confirmed by offset, lets a newer poll end a held one", async () => {
    const api = newBot().api;
    const held = api.getUpdates({ timeout: 10 });
    expect(await sim.waitFor(() => sim.waitingPolls() === 1, 2000)).toBe(true);
    const t0 = Date.now();
    const { updateId } = sim.sendUpdate({ chatId: 7, text: "hello", username: "bob", languageCode: "en" });
    const got = await held;
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(got.map((u) => u.update_id)).toEqual([updateId]);
    expect(got[0]!.message).toMatchObject({ message_id: 1, text: "hello", chat: { id: 7, type: "private", username: "bob" }, from: { id: 7, is_bot: false, username: "bob", language_code: "en" }, date: expect.any(Number) });
    expect((await api.getUpdates({ timeout: 0 })).map((u) => u.update_id)).toEqual([updateId]);
    expect(await api.getUpdates({ offset: updateId! + 1, timeout: 0 })).toEqual([]);
    expect(sim.pendingUpdates()).toEqual([]);

    const first = api.getUpdates({ timeout: 10 });
    await sim.waitFor(() => sim.waitingPolls() === 1, 2000);
    const second = api.getUpdates({ timeout: 10 });
    const ended = await failure(first);
    expect([ended.error_code, ended.description]).toEqual([409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"]);
    sim.sendUpdate({ chatId: 7, text: "again" });
    expect((await second).map((u) => u.message?.text)).toEqual(["again"]);
  });

  it("answers an empty list when the poll's timeout passes", async () => {
    const t0 = Date.now();
    expect(await newBot().api.getUpdates({ timeout: 1 })).toEqual([]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
  });

  it("runs a grammy bot: /start gets a keyboard, the press is answered and the message edited", async () => {
    const bot = newBot();
    const seen: { from?: unknown; message?: unknown }[] = [];
    bot.command("start", (ctx) => ctx.reply(`Hello ${ctx.from!.first_name}, pick a plan`, { reply_markup: new InlineKeyboard().text("Monthly", "plan:m").text("Yearly", "plan:y") }));
    bot.callbackQuery(/^plan:(m|y)$/, async (ctx) => {
      seen.push({ from: ctx.from, message: ctx.callbackQuery.message });
      await ctx.answerCallbackQuery({ text: "Saved", show_alert: true });
      await ctx.editMessageText(`Chosen: ${ctx.match[1]}`);
    });
    let onStart!: () => void;
    const started = new Promise<void>((r) => (onStart = r));
    const running = bot.start({ timeout: 30, onStart: () => onStart() });
    try {
      await started;
      expect(await sim.waitFor(() => sim.waitingPolls() === 1, 2000)).toBe(true);
      expect((await control("/updates", { chatId: 42, text: "/start", firstName: "Alice" })).status).toBe(200);
      const sent = (await control<SentMessage[]>("/sent?chatId=42&wait=5000&after=0")).body;
      expect(sent).toEqual([
        expect.objectContaining({ messageId: 2, chatId: 42, text: "Hello Alice, pick a plan", parseMode: null, editedAt: null, replyMarkup: { inline_keyboard: [[{ text: "Monthly", callback_data: "plan:m" }, { text: "Yearly", callback_data: "plan:y" }]] } }),
      ]);
      expect(sim.calls.find((c) => c.method === "getUpdates")!.params).toMatchObject({ timeout: 30 });

      const refused = await control("/updates", { chatId: 42, callbackData: "plan:x" });
      expect(refused).toEqual({ status: 400, body: { error: 'message 2 has no button with callback_data "plan:x" (it has ["plan:m","plan:y"])' } });
      const press = await control<{ callbackQueryId: string }>("/updates", { chatId: 42, callbackData: "plan:y" });
      const answers = (await control<unknown[]>("/callback-answers?chatId=42&wait=5000")).body;
      expect(answers).toEqual([expect.objectContaining({ callbackQueryId: press.body.callbackQueryId, chatId: 42, messageId: 2, data: "plan:y", text: "Saved", showAlert: true })]);
      const edited = await sim.waitFor(() => sim.sent(42).find((m) => m.editedAt), 5000);
      expect(edited).toMatchObject({ messageId: 2, text: "Chosen: y", replyMarkup: null });
      expect(seen).toEqual([{ from: expect.objectContaining({ id: 42, first_name: "Alice" }), message: expect.objectContaining({ message_id: 2, text: "Hello Alice, pick a plan", from: expect.objectContaining({ is_bot: true }) }) }]);
    } finally {
      await bot.stop();
      await running;
    }
    expect(sim.pendingUpdates()).toEqual([]); // bot.stop() confirmed what it handled
  });

  it("reads commands in groups addressed to the bot", async () => {
    const { updateId } = sim.sendUpdate({ chatId: -4001, chatType: "group", fromId: 11, text: "/help@relayboard_sim_bot now" });
    const [u] = await newBot().api.getUpdates({ offset: updateId!, timeout: 0 });
    expect(u!.message).toMatchObject({ chat: { id: -4001, type: "group", title: "Test group" }, from: { id: 11 }, entities: [{ type: "bot_command", offset: 0, length: 24 }] });
    expect((await control("/updates", { chatId: -4001, text: "hi" })).body).toEqual({ error: "fromId is required in a group chat" });
  });
});

describe("Telegram simulator: blocked chats and rate limits", () => {
  it("answers 403 when the user blocked the bot, tells the bot with my_chat_member, and unblocks on the user's next message", async () => {
    const api = newBot().api;
    sim.sendUpdate({ chatId: 77, text: "/start" });
    expect(await control("/block", { chatId: 77, blocked: true })).toEqual({ status: 200, body: { chatId: 77, blocked: true } });
    const err = await failure(api.sendMessage(77, "Your plan expires tomorrow"));
    expect([err.error_code, err.description]).toEqual([403, "Forbidden: bot was blocked by the user"]);
    expect(sim.sent(77)).toEqual([]);
    const updates = await api.getUpdates({ timeout: 0 });
    expect(updates.map((u) => u.my_chat_member?.new_chat_member.status)).toEqual([undefined, "kicked"]);
    sim.sendUpdate({ chatId: 77, text: "/start" });
    expect((await api.sendMessage(77, "Welcome back")).text).toBe("Welcome back");
  });

  it("answers 429 with retry_after past the per-chat rate, other chats unaffected", async () => {
    const api = newBot().api;
    expect((await control("/rate-limit", { maxPerSecondPerChat: 2 })).status).toBe(200);
    sim.sendUpdate({ chatId: 81, text: "hi" });
    sim.sendUpdate({ chatId: 82, text: "hi" });
    await api.sendMessage(81, "1");
    await api.sendMessage(81, "2");
    const err = await failure(api.sendMessage(81, "3"));
    expect([err.error_code, err.description, err.parameters]).toEqual([429, "Too Many Requests: retry after 1", { retry_after: 1 }]);
    expect((await api.sendMessage(82, "other chat")).text).toBe("other chat");
    expect(sim.sent(81).map((m) => m.text)).toEqual(["1", "2"]);
  });
});

describe("Telegram simulator: webhooks", () => {
  it("POSTs updates with the secret header to grammy's webhookCallback, retries a failed delivery, and refuses getUpdates meanwhile", async () => {
    const bot = newBot();
    bot.on("message:text", (ctx) => ctx.reply(`echo: ${ctx.msg.text}`));
    const handler = webhookCallback(bot, "http", { secretToken: "s3cret_Token-1" });
    const secrets: unknown[] = [];
    let failuresLeft = 1;
    const hook = await hookServer((req, res) => {
      secrets.push(req.headers["x-telegram-bot-api-secret-token"]);
      if (failuresLeft-- > 0) return void res.writeHead(500).end();
      void handler(req, res);
    });
    try {
      expect(await bot.api.setWebhook(hook.url, { secret_token: "s3cret_Token-1" })).toBe(true);
      expect(await bot.api.getWebhookInfo()).toMatchObject({ url: hook.url, pending_update_count: 0, has_custom_certificate: false });
      const conflict = await failure(bot.api.getUpdates());
      expect([conflict.error_code, conflict.description]).toEqual([409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"]);

      sim.sendUpdate({ chatId: 99, text: "ping" });
      const [reply] = await sim.waitForSent(99);
      expect(reply!.text).toBe("echo: ping");
      expect(secrets).toEqual(["s3cret_Token-1", "s3cret_Token-1"]);
      // The reply was sent inside the delivery; the delivery itself ends when grammy answers.
      const attempts = await sim.waitFor(() => (sim.pendingUpdates().length === 0 ? sim.webhook().attempts : undefined), 2000);
      expect(attempts!.map((a) => [a.status, a.delivered])).toEqual([[500, false], [200, true]]);
      expect(await bot.api.getWebhookInfo()).toMatchObject({ pending_update_count: 0, last_error_message: "Wrong response from the webhook: 500 Internal Server Error", last_error_date: expect.any(Number) });

      expect(await bot.api.deleteWebhook()).toBe(true);
      sim.sendUpdate({ chatId: 99, text: "polled" });
      expect((await bot.api.getUpdates({ timeout: 0 })).map((u) => u.message?.text)).toEqual(["polled"]);
    } finally {
      await hook.close();
    }
  });

  it("carries out a webhook reply (grammy's canUseWebhookReply) as the call it names", async () => {
    const bot = newBot({ client: { canUseWebhookReply: (method) => method === "sendMessage" } });
    bot.on("message:text", (ctx) => ctx.reply("answered in the webhook response"));
    const hook = await hookServer(webhookCallback(bot, "http"));
    try {
      await bot.api.setWebhook(hook.url);
      sim.sendUpdate({ chatId: 98, text: "hi" });
      const [reply] = await sim.waitForSent(98);
      expect(reply!.text).toBe("answered in the webhook response");
      expect(sim.calls.filter((c) => c.method === "sendMessage")).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it("gives up on an unreachable webhook after the retries, reporting Connection refused", async () => {
    const hook = await hookServer(() => {});
    await hook.close(); // nothing listens there now
    await newBot().api.setWebhook(hook.url);
    const { updateId } = sim.sendUpdate({ chatId: 97, text: "lost" });
    const attempts = await sim.waitFor(() => {
      const a = sim.webhook().attempts.filter((x) => x.updateId === updateId);
      return a.length === 3 && sim.pendingUpdates().length === 0 ? a : undefined;
    }, 5000);
    expect(attempts!.map((a) => [a.updateId, a.error])).toEqual(Array(3).fill([updateId, "Connection refused"]));
    expect(await newBot().api.getWebhookInfo()).toMatchObject({ url: hook.url, pending_update_count: 0, last_error_message: "Connection refused" });
  });
});

describe("Telegram simulator: control API", () => {
  it("holds GET /__sim/sent until the chat has more than `after` messages, or answers what is there when the wait ends", async () => {
    const api = newBot().api;
    sim.sendUpdate({ chatId: 8, text: "hi" });
    const waiting = control<SentMessage[]>("/sent?chatId=8&wait=5000&after=1");
    await api.sendMessage(8, "one");
    await api.sendMessage(8, "two");
    expect((await waiting).body.map((m) => m.text)).toEqual(["one", "two"]);
    const t0 = Date.now();
    expect((await control<SentMessage[]>("/sent?chatId=8&wait=150&after=5")).body).toHaveLength(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect((await control("/sent?chatId=eight")).status).toBe(400);
  });

  it("forgets everything on reset but keeps update ids rising", async () => {
    const before = sim.sendUpdate({ chatId: 9, text: "hi" }).updateId!;
    await newBot().api.sendMessage(9, "x");
    expect((await control("/reset", {})).body).toEqual({ ok: true });
    expect(sim.sent()).toEqual([]);
    expect(sim.pendingUpdates()).toEqual([]);
    expect((await failure(newBot().api.sendMessage(9, "x"))).description).toBe("Bad Request: chat not found");
    expect(sim.sendUpdate({ chatId: 9, text: "hi" }).updateId).toBe(before + 1);
  });
});
