// /subs for a bound user: plan, status, traffic and expiry, a button that reveals the subscription
// link (the same link the owner's page builds) only in a private chat, and links to the site's
// renewal page. A group gets no data at all, and another user's subscription id reveals nothing.
import { describe, expect, it } from "vitest";
import { getMySubscription } from "../../src/server/services/subscriptions";
import { openShop, proxyPlan } from "../commerce/fixtures";
import { gift } from "../subscriptions/helpers";
import { botIdentity } from "../../src/server/services/telegram/api";
import { createBot, handleUpdate } from "../../src/server/services/telegram/bot";
import { readTelegramState } from "../../src/server/services/telegram/config";
import { ask, bindThroughLink, botSaid, buttonsOf, makeEnglishUser, pressAndWait, SITE, telegramWorld, write } from "./world";

const shop = openShop();
const w = telegramWorld(() => shop.db);
let nextChat = 920_000_000 + Math.floor(Math.random() * 1_000_000);
const chat = () => nextChat++;

describe("/subs", () => {
  it("lists the subscriptions with a link button that reveals the owner's content URL", async () => {
    const user = await makeEnglishUser(shop.db);
    const plan = await proxyPlan(shop, { renewalMode: "FIXED", renewalPriceMinor: 500 });
    const subId = await gift(shop, user.email, plan.id);
    const c = chat();
    await bindThroughLink(w.sim, user, c);

    const list = await ask(w.sim, c, "/subs");
    expect(list.parseMode).toBe("HTML");
    expect(list.text).toContain("Your subscriptions");
    expect(list.text).toContain(`${plan.name} — Active`);
    expect(list.text).toContain("Traffic: 0 B of 10 GB");
    expect(list.text).toMatch(/Expires: /);
    const buttons = buttonsOf(list);
    expect(buttons).toContainEqual({ text: `Link: ${plan.name}`, callback_data: `sub:${subId}` });
    expect(buttons).toContainEqual({ text: "Renew or add traffic", url: `${SITE}/subscriptions` });
    // The list itself never carries the link.
    const { contentUrl } = await getMySubscription(user.ctx, subId);
    expect(contentUrl).toMatch(/token=/);
    expect(list.text).not.toContain(contentUrl!);

    const reveal = await pressAndWait(w.sim, c, `sub:${subId}`, list.messageId);
    expect(reveal.text).toContain(contentUrl!);
    expect(reveal.entities.some((e) => e.type === "code")).toBe(true);
    expect(w.sim.callbackAnswers(c).at(-1)).toMatchObject({ data: `sub:${subId}` });
  });

  it("a forged press naming someone else's subscription reveals nothing", async () => {
    const owner = await makeEnglishUser(shop.db);
    const other = await makeEnglishUser(shop.db);
    const plan = await proxyPlan(shop);
    const theirs = await gift(shop, owner.email, plan.id);
    const c = chat();
    await bindThroughLink(w.sim, other, c);
    const list = await ask(w.sim, c, "/subs");
    // Telegram's clients press only buttons a message has, so the forged press is handed to the bot directly.
    const state = await readTelegramState(shop.db);
    if (!state.enabled) throw new Error("the bot is configured in this file");
    const bot = createBot(shop.db, state.config, await botIdentity(state.config));
    const before = w.sim.sent(c).length;
    const calls = w.sim.calls.length;
    const from = { id: c, is_bot: false, first_name: "Mallory" };
    await handleUpdate(bot, { update_id: 1, callback_query: { id: "forged", from, chat_instance: "1", data: `sub:${theirs}`, message: { message_id: list.messageId, date: 0, chat: { id: c, type: "private", first_name: "Mallory" }, text: list.text } } } as never, state.config.token);
    expect(w.sim.sent(c).length).toBe(before);
    expect(w.sim.calls.slice(calls).map((x) => x.method)).toEqual(["answerCallbackQuery"]);
    expect(JSON.stringify(w.sim.calls.slice(calls))).not.toContain("token=");
  });

  it("says so when there is nothing", async () => {
    const user = await makeEnglishUser(shop.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    const list = await ask(w.sim, c, "/subs");
    expect(list.text).toBe("You have no subscriptions yet.");
  });
});

describe("in a group", () => {
  it("no subscription, no link and no button to one, even for a bound user writing there", async () => {
    const user = await makeEnglishUser(shop.db);
    const plan = await proxyPlan(shop);
    await gift(shop, user.email, plan.id);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    const group = -chat();
    const answer = await ask(w.sim, group, "/subs", { fromId: c });
    expect(answer.text).toBe("For your privacy I answer this only in a private chat.");
    expect(answer.text).not.toContain(plan.name);
    expect(buttonsOf(answer).every((b) => !b.callback_data)).toBe(true);
    // Plain talk in the group is not answered at all; the next command is.
    const before = w.sim.sent(group).length;
    await write(w.sim, group, "what is my link?", { fromId: c });
    await ask(w.sim, group, "/help", { fromId: c });
    const sent = await botSaid(w.sim, group, before);
    expect(sent.slice(before).map((m) => m.text)).toEqual(["For your privacy I answer this only in a private chat."]);
    expect(sent.every((m) => !m.text.includes("token="))).toBe(true);
  });
});
