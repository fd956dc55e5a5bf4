// The runner across instances and modes: of two runners on one database (separate connection pools
// on PostgreSQL) exactly one polls getUpdates and the other stands by and takes over when it stops;
// a settings change to webhook mode registers <site>/api/telegram/webhook with the secret, and the
// simulator's deliveries reach the bot through the real route; back to polling deletes the webhook.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "../../src/app/api/telegram/webhook/route";
import { updateSettings } from "../../src/server/services/settings";
import { webhookSecretOf } from "../../src/server/services/telegram/config";
import { createTelegramRunner, type TelegramRunner } from "../../src/server/services/telegram/runner";
import { cliCtx } from "../helpers/actors";
import { openSecondInstance, testDbForFile } from "../helpers/db";
import { ask, FAST, telegramWorld } from "./world";

const t = testDbForFile({ install: true });
const w = telegramWorld(() => t.db, { runner: false });
let nextChat = 960_000_000 + Math.floor(Math.random() * 1_000_000);
const chat = () => nextChat++;

/** The site's address for Telegram: a real HTTP server handing requests to the route handler. */
let site: Server;
let siteUrl = "";
beforeAll(async () => {
  site = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = new Headers(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : [])));
      void POST(new Request(`${siteUrl}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) })).then(async (r) => {
        res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "application/json" });
        res.end(Buffer.from(await r.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const polling = (rs: TelegramRunner[]) => rs.filter((r) => r.status().polling).length;

describe("two instances, polling", () => {
  it("only one polls; the other takes over when it stops; no 409 between them", async () => {
    const second = openSecondInstance(t);
    const a = createTelegramRunner(t.db, FAST);
    const b = createTelegramRunner(second.db, FAST);
    try {
      await expect.poll(() => polling([a, b]), { timeout: 10_000 }).toBe(1);
      // Over several lease renewals it stays one.
      for (let i = 0; i < 8; i++) {
        await new Promise((r) => setTimeout(r, 200));
        expect(polling([a, b])).toBe(1);
      }
      expect(w.sim.calls.filter((c) => c.method === "getUpdates" && c.status === 409)).toEqual([]);
      expect((await ask(w.sim, chat(), "/help")).text).toMatch(/^To use this bot/);

      const [holder, standby] = a.status().polling ? [a, b] : [b, a];
      await holder.stop();
      await expect.poll(() => standby.status().polling, { timeout: 5_000 }).toBe(true);
      expect((await ask(w.sim, chat(), "/help")).text).toMatch(/^To use this bot/);
      expect(w.sim.calls.filter((c) => c.method === "getUpdates" && c.status === 409)).toEqual([]);
    } finally {
      await a.stop();
      await b.stop();
      await second.close();
    }
  });
});

describe("webhook mode", () => {
  it("a settings change registers the webhook with its secret; updates arrive through the route; back to polling removes it", async () => {
    const runner = createTelegramRunner(t.db, FAST);
    try {
      await expect.poll(() => runner.status().polling, { timeout: 10_000 }).toBe(true);
      await updateSettings(cliCtx(t.db), { telegramMode: "webhook", siteUrl });
      await expect.poll(() => w.sim.webhook().config?.url, { timeout: 5_000 }).toBe(`${siteUrl}/api/telegram/webhook`);
      expect(w.sim.webhook().config?.secretToken).toBe(webhookSecretOf(w.sim.token));
      expect(runner.status()).toMatchObject({ enabled: true, mode: "webhook", polling: false });

      // The simulator delivers the update to the route (with the secret header); the bot answers.
      const answer = await ask(w.sim, chat(), "/subs");
      expect(answer.text).toMatch(/^To use this bot/);
      await expect.poll(() => w.sim.webhook().attempts.at(-1), { timeout: 5_000 }).toMatchObject({ status: 200, delivered: true });

      // Someone without the secret, or with a wrong one, is refused before the body is read.
      const update = JSON.stringify({ update_id: 1, message: { message_id: 1, date: 0, chat: { id: 5, type: "private" }, text: "/start" } });
      const post = (secret?: string) =>
        fetch(`${siteUrl}/api/telegram/webhook`, { method: "POST", headers: { "content-type": "application/json", ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}) }, body: update });
      expect((await post()).status).toBe(401);
      expect((await post("0".repeat(64))).status).toBe(401);
      const bad = await fetch(`${siteUrl}/api/telegram/webhook`, { method: "POST", headers: { "x-telegram-bot-api-secret-token": webhookSecretOf(w.sim.token) }, body: "{not json" });
      expect(bad.status).toBe(400);

      await updateSettings(cliCtx(t.db), { telegramMode: "polling" });
      await expect.poll(() => runner.status().polling, { timeout: 5_000 }).toBe(true);
      expect(w.sim.webhook().config).toBeNull();
      // In polling mode the route is not there.
      expect((await post(webhookSecretOf(w.sim.token))).status).toBe(404);
      expect((await ask(w.sim, chat(), "/help")).text).toMatch(/^To use this bot/);
    } finally {
      await runner.stop();
    }
  });

  it("a removed token stops the bot within the settings interval", async () => {
    await updateSettings(cliCtx(t.db), { telegramMode: "polling" });
    const runner = createTelegramRunner(t.db, FAST);
    try {
      await expect.poll(() => runner.status().polling, { timeout: 10_000 }).toBe(true);
      await updateSettings(cliCtx(t.db), {}, { clearSecrets: ["telegramBotToken"] });
      await expect.poll(() => runner.status(), { timeout: 5_000 }).toEqual({ enabled: false, mode: null, polling: false });
    } finally {
      await runner.stop();
      await updateSettings(cliCtx(t.db), { telegramBotToken: w.sim.token });
    }
  });
});
