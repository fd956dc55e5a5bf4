// A Telegram world for the bot's tests: the Bot API simulator on a real port, the site's settings
// pointing at it, and the bot's runner polling in this process (short intervals so tests wait little).
// People act through the simulator's control API over HTTP, as a test in another process would.
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../src/server/db/client";
import { updateSettings } from "../../src/server/services/settings";
import { createTelegramBindLink } from "../../src/server/services/telegram";
import { createTelegramRunner, type TelegramRunner, type TelegramRunnerOptions } from "../../src/server/services/telegram/runner";
import "../../src/server/services/telegram/register";
import { runDueTasks } from "../../src/server/services/tasks";
import type { Ctx } from "../../src/server/context";
import { startTelegramSimulator, type SentMessage, type TelegramSimulator } from "../../simulators/telegram/server";
import { eq } from "drizzle-orm";
import { users } from "../../src/server/db/schema";
import { cliCtx, makeUser } from "../helpers/actors";

export const SITE = "https://shop.example.com";
export const FAST: TelegramRunnerOptions = { settingsEveryMs: 150, pollTimeoutSeconds: 1, standbyEveryMs: 100, leaseSeconds: 3, renewEveryMs: 500 };

export interface World {
  sim: TelegramSimulator;
  runner: TelegramRunner;
}

/** Points the site at a fresh simulator and starts a polling runner for the file; both end with it. */
export function telegramWorld(db: () => Db, opts: { runner?: boolean; runnerOptions?: TelegramRunnerOptions } = {}): World {
  let sim: TelegramSimulator | undefined;
  let runner: TelegramRunner | undefined;
  beforeAll(async () => {
    sim = await startTelegramSimulator();
    await updateSettings(cliCtx(db()), { telegramBotToken: sim.token, telegramApiBaseUrl: sim.url, telegramMode: "polling", siteUrl: SITE });
    if (opts.runner !== false) {
      runner = createTelegramRunner(db(), { ...FAST, ...opts.runnerOptions });
      // Polling: a getUpdates is being held by the simulator.
      if (!(await sim.waitFor(() => sim!.waitingPolls() > 0, 10_000))) throw new Error("the bot never started polling");
    }
  });
  afterAll(async () => {
    await runner?.stop();
    await sim?.close();
  });
  return {
    get sim() {
      if (!sim) throw new Error("the simulator runs only inside this file's tests");
      return sim;
    },
    get runner() {
      if (!runner) throw new Error("no runner in this file");
      return runner;
    },
  };
}

async function control(sim: TelegramSimulator, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${sim.url}/__sim/${path}`, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = (await res.json()) as unknown;
  if (!res.ok) throw new Error(`simulator ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A person writes in a chat (private unless the id is negative). */
export const write = (sim: TelegramSimulator, chatId: number, text: string, extra: Record<string, unknown> = {}) =>
  control(sim, "updates", { chatId, text, languageCode: "en", ...extra }) as Promise<{ updateId: number; messageId: number }>;

/** A person presses a button under the bot's message (its last one by default). */
export const press = (sim: TelegramSimulator, chatId: number, callbackData: string, messageId?: number, extra: Record<string, unknown> = {}) =>
  control(sim, "updates", { chatId, callbackData, ...(messageId ? { messageId } : {}), ...extra }) as Promise<{ updateId: number; callbackQueryId: string }>;

export const block = (sim: TelegramSimulator, chatId: number, blocked = true) => control(sim, "block", { chatId, blocked });

/** The bot's messages in a chat once there are more than `after` (fails after `wait` ms). */
export async function botSaid(sim: TelegramSimulator, chatId: number, after: number, wait = 8_000): Promise<SentMessage[]> {
  const list = (await control(sim, `sent?chatId=${chatId}&after=${after}&wait=${wait}`)) as SentMessage[];
  if (list.length <= after) throw new Error(`the bot sent no message ${after + 1} in chat ${chatId} (sent: ${JSON.stringify(list.map((m) => m.text))})`);
  return list;
}

/** Writes and returns the bot's first answer to it. */
export async function ask(sim: TelegramSimulator, chatId: number, text: string, extra: Record<string, unknown> = {}): Promise<SentMessage> {
  const before = sim.sent(chatId).length;
  await write(sim, chatId, text, extra);
  return (await botSaid(sim, chatId, before))[before]!;
}

export async function pressAndWait(sim: TelegramSimulator, chatId: number, callbackData: string, messageId?: number): Promise<SentMessage> {
  const before = sim.sent(chatId).length;
  await press(sim, chatId, callbackData, messageId);
  return (await botSaid(sim, chatId, before))[before]!;
}

/** Every button of a message: [text, url or callback data]. */
export function buttonsOf(m: SentMessage): { text: string; url?: string; callback_data?: string }[] {
  const rows = (m.replyMarkup as { inline_keyboard?: { text: string; url?: string; callback_data?: string }[][] } | null)?.inline_keyboard ?? [];
  return rows.flat();
}

/** Binds `user`'s account to the private chat `chatId` through the deep link, as a person would. */
export async function bindThroughLink(sim: TelegramSimulator, user: { ctx: Ctx }, chatId: number, username = `tg${chatId}`): Promise<SentMessage> {
  const link = await createTelegramBindLink(user.ctx);
  const code = new URL(link.url).searchParams.get("start")!;
  return ask(sim, chatId, `/start ${code}`, { username });
}

/** A user whose account speaks English (the bot answers bound chats in the account's language). */
export async function makeEnglishUser(db: Db, role: "ADMIN" | "USER" = "USER") {
  const u = await makeUser(db, role);
  await db.update(users).set({ locale: "en" }).where(eq(users.id, u.id));
  return u;
}

/** Runs the outbox until nothing is due (dispatch, then the sends it queued). */
export async function drainTasks(db: Db, rounds = 4): Promise<void> {
  for (let i = 0; i < rounds; i++) if ((await runDueTasks(db)).ran === 0) return;
}
