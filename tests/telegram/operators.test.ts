// Operators: a bound administrator receives the business alerts (published events, fanned out by the
// dispatch task into telegram.send tasks) and may ask /stats, /node, /user and /order; everyone else
// gets exactly the answer of an unknown command, and no alert.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { nodes, orders, users } from "../../src/server/db/schema";
import { getAdminDashboard } from "../../src/server/services/dashboard";
import { publishEvent } from "../../src/server/services/events";
import { updateSettings } from "../../src/server/services/settings";
import { renderDigest, sendDailyDigest } from "../../src/server/services/node-alerts";
import { queueTelegramToAdmins } from "../../src/server/services/telegram";
import "../../src/server/services/telegram/register";
import { cliCtx, makeStaff } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { insertNode } from "../telemetry/helpers";
import { ask, bindThroughLink, buttonsOf, drainTasks, makeEnglishUser, SITE, telegramWorld } from "./world";

const t = testDbForFile();
const w = telegramWorld(() => t.db);
let nextChat = 940_000_000 + Math.floor(Math.random() * 1_000_000);
const chat = () => nextChat++;

let admin: Awaited<ReturnType<typeof makeEnglishUser>>;
let adminChat: number;
let user: Awaited<ReturnType<typeof makeEnglishUser>>;
let userChat: number;

async function paidOrder(buyerId: string, totalMinor: number, status: "PAID" | "CANCELLED" = "PAID") {
  const orderNo = `RB${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const now = new Date();
  const [o] = await t.db
    .insert(orders)
    .values({ orderNo, userId: buyerId, kind: "NEW_PURCHASE", status, currency: "CNY", subtotalMinor: totalMinor, totalMinor, ...(status === "PAID" ? { paidAt: now, paidVia: "GATEWAY" as const } : {}), expiresAt: now })
    .returning();
  return o!;
}

/**
 * The bot's messages in `chatId` after `before`, running the outbox until they came: sends to one
 * chat are paced (one a second), so a message may wait for the next second.
 */
async function afterDrain(chatId: number, before: number) {
  await expect
    .poll(
      async () => {
        await drainTasks(t.db);
        return w.sim.sent(chatId).length;
      },
      { timeout: 5_000, interval: 200 },
    )
    .toBeGreaterThan(before);
  return w.sim.sent(chatId).slice(before);
}

describe("operators", () => {
  it("setup: an administrator and a user bind their chats", async () => {
    admin = await makeEnglishUser(t.db, "ADMIN");
    user = await makeEnglishUser(t.db);
    adminChat = chat();
    userChat = chat();
    expect((await bindThroughLink(w.sim, admin, adminChat)).text).toContain("/stats");
    expect((await bindThroughLink(w.sim, user, userChat)).text).not.toContain("/stats");
  });

  it("the administrator gets the payment alert, with amount and order number; the user gets nothing", async () => {
    const order = await paidOrder(user.id, 1990);
    const adminBefore = w.sim.sent(adminChat).length;
    const userBefore = w.sim.sent(userChat).length;
    await t.db.transaction((tx) =>
      publishEvent(tx, "order.paid", { orderId: order.id, orderNo: order.orderNo, userId: user.id, totalMinor: 1990, currency: "CNY", paidVia: "GATEWAY", provider: "epay", paidAt: new Date().toISOString() }),
    );
    const [alert, ...rest] = await afterDrain(adminChat, adminBefore);
    expect(rest).toEqual([]);
    expect(alert!.text.split("\n")).toEqual(["Payment received", `Order: ${order.orderNo}`, "Amount: ¥19.90", "Paid with: Epay", `User: ${user.email}`]);
    expect(alert!.entities[0]).toMatchObject({ type: "bold", offset: 0 });
    expect(buttonsOf(alert!)).toEqual([{ text: "Open in admin", url: `${SITE}/admin/orders?q=${order.orderNo}` }]);
    expect(w.sim.sent(userChat).length).toBe(userBefore);
  });

  it("alerts read what the event holds and never show a missing field", async () => {
    const node = await insertNode(t.db, { name: "Tokyo 1" });
    const late = await paidOrder(user.id, 500, "CANCELLED");
    const before = w.sim.sent(adminChat).length;
    await t.db.transaction(async (tx) => {
      await publishEvent(tx, "node.offline", { nodeId: node.id, cause: "agent_stale" });
      await publishEvent(tx, "payment.mismatched", { provider: "usdt_trc20", expectedMinor: 1000, paidMinor: 990 });
      await publishEvent(tx, "backup.failed", {});
      // Named by id only: the alert looks the order's number and buyer up; USDT is counted in micro-units.
      await publishEvent(tx, "payment.late", { tradeNo: "T-late-1", provider: "usdt_trc20", orderId: late.id, rechargeId: null, expectedMinor: 500, paidMinor: null, paidMicro: 2_750_000, orderStatus: "CANCELLED" });
      await publishEvent(tx, "task.failed", { taskId: "x", kind: "mail.send", attempts: 6, error: "SMTP said no" });
      // Not an operator alert: nothing is sent for it.
      await publishEvent(tx, "user.registered", { userId: user.id });
    });
    // One send per chat per second (Telegram's limit): the outbox paces them.
    let sent: string[] = [];
    await expect
      .poll(
        async () => {
          await drainTasks(t.db);
          sent = w.sim.sent(adminChat).slice(before).map((m) => m.text);
          return sent.length;
        },
        { timeout: 10_000, interval: 300 },
      )
      .toBe(5);
    expect(sent).toContainEqual("Node offline\nNode: Tokyo 1\nCause: the agent stopped reporting");
    expect(sent).toContainEqual("Payment amount does not match\nExpected: ¥10.00\nAmount: ¥9.90\nPaid with: USDT (TRC20)");
    expect(sent).toContainEqual("Backup failed");
    expect(sent).toContainEqual(`Late payment\nOrder: ${late.orderNo}\nAmount: 2.75 USDT\nPaid with: USDT (TRC20)\nTrade number: T-late-1\nUser: ${user.email}`);
    expect(sent).toContainEqual("A task failed after its last retry\nTask: Send an email\nAttempts: 6\nError: SMTP said no");
    expect(sent.join("\n")).not.toMatch(/undefined|null|NaN/);
  });

  it("/stats answers the administrator with today's figures", async () => {
    await insertNode(t.db, { name: "Osaka 2" }).then((n) => t.db.update(nodes).set({ lastAgentReportAt: new Date() }).where(eq(nodes.id, n.id)));
    const d = await getAdminDashboard(admin.ctx);
    // An owner reads every part (issue 29: a role without an area gets null for it).
    if (!d.revenue || !d.newUsers || !d.nodes) throw new Error("an owner's dashboard lacks a part");
    expect(d.revenue.today).toBe(1990);
    const answer = await ask(w.sim, adminChat, "/stats");
    const lines = answer.text.split("\n");
    expect(lines[0]).toMatch(/^Today \(/);
    expect(lines.slice(1)).toEqual(["Revenue: ¥19.90", "Paid orders: 1", `New users: ${d.newUsers!.today}`, `Nodes online: ${d.nodes!.counts.online} of ${d.nodes!.total}`]);
    expect(d.nodes!.counts.online).toBe(1);
  });

  it("/stats shows an operations agent the node figures and no revenue", async () => {
    const ops = await makeStaff(t.db, "operations");
    await t.db.update(users).set({ locale: "en" }).where(eq(users.id, ops.id));
    const opsChat = chat();
    await bindThroughLink(w.sim, ops, opsChat);
    const lines = (await ask(w.sim, opsChat, "/stats")).text.split("\n");
    expect(lines[0]).toMatch(/^Today \(/);
    expect(lines.slice(1).map((x) => x.split(":")[0])).toEqual(["Nodes online"]);
    await t.db.update(users).set({ status: "DISABLED" }).where(eq(users.id, ops.id));
  });

  it("/node, /user and /order look things up for the administrator", async () => {
    const node = await ask(w.sim, adminChat, "/node osaka 2");
    expect(node.text.split("\n")[0]).toBe("Osaka 2 — Online");
    expect(buttonsOf(node)[0]!.url).toMatch(new RegExp(`^${SITE}/admin/nodes/[0-9a-f-]{36}$`));
    expect((await ask(w.sim, adminChat, "/node nowhere")).text).toBe("No node is called “nowhere”.");
    expect((await ask(w.sim, adminChat, "/node")).text).toMatch(/^Send \/node/);

    const who = await ask(w.sim, adminChat, `/user ${user.email.toUpperCase()}`);
    expect(who.text.split("\n").slice(0, 3)).toEqual([user.email, "Role: User", "Status: Active"]);
    expect((await ask(w.sim, adminChat, "/user nobody@example.com")).text).toBe("No user has the address nobody@example.com.");

    const [o] = await t.db.select().from(orders).where(eq(orders.status, "PAID")).limit(1);
    const order = await ask(w.sim, adminChat, `/order ${o!.orderNo}`);
    expect(order.text.split("\n").slice(0, 4)).toEqual([o!.orderNo, "Status: Paid", `Buyer: ${user.email}`, "Total: ¥19.90"]);
    expect((await ask(w.sim, adminChat, "/order RB0")).text).toBe("No order has the number RB0.");
  });

  it("anyone else gets what an unknown command gets, and learns no figure", async () => {
    const unknown = await ask(w.sim, userChat, "/frobnicate");
    expect(unknown.text).toMatch(/^Sorry, I don't know that\./);
    for (const cmd of ["/stats", "/node Tokyo 1", `/user ${admin.email}`, "/order RB1"]) {
      const answer = await ask(w.sim, userChat, cmd);
      expect(answer.text).toBe(unknown.text);
      expect(answer.replyMarkup).toEqual(unknown.replyMarkup);
    }
    // A stranger learns how to bind, as for any message.
    expect((await ask(w.sim, chat(), "/stats")).text).toMatch(/^To use this bot/);
  });

  it("an administrator held back by the two-factor rule is no operator: no alert, no figures", async () => {
    await updateSettings(cliCtx(t.db), { require2faForAdmins: true });
    try {
      expect((await ask(w.sim, adminChat, "/stats")).text).toMatch(/^Sorry, I don't know that\./);
      const before = w.sim.sent(adminChat).length;
      await t.db.transaction((tx) => publishEvent(tx, "backup.failed", { error: "disk full" }));
      await drainTasks(t.db);
      expect(w.sim.sent(adminChat).length).toBe(before);
    } finally {
      await updateSettings(cliCtx(t.db), { require2faForAdmins: false });
    }
  });

  it("a support agent (issue 29) gets the ticket alert but no payment alert, and /stats is unknown to them", async () => {
    const agent = await makeStaff(t.db, "support");
    await t.db.update(users).set({ locale: "en" }).where(eq(users.id, agent.id));
    const agentChat = chat();
    await bindThroughLink(w.sim, agent, agentChat);
    const unknown = await ask(w.sim, agentChat, "/frobnicate");
    expect((await ask(w.sim, agentChat, "/stats")).text).toBe(unknown.text);
    const before = w.sim.sent(agentChat).length;
    const adminBefore = w.sim.sent(adminChat).length;
    const order = await paidOrder(user.id, 500);
    await t.db.transaction((tx) =>
      publishEvent(tx, "order.paid", { orderId: order.id, orderNo: order.orderNo, userId: user.id, totalMinor: 500, currency: "CNY", paidVia: "GATEWAY", provider: "epay", paidAt: new Date().toISOString() }),
    );
    await t.db.transaction((tx) => publishEvent(tx, "ticket.created", { ticketId: "00000000-0000-4000-8000-000000000000", subject: "Cannot connect", userId: user.id }));
    const got = await afterDrain(agentChat, before);
    await drainTasks(t.db);
    expect(w.sim.sent(agentChat).slice(before).map((m) => m.text.split("\n")[0])).toEqual([got[0]!.text.split("\n")[0]]);
    expect(got[0]!.text).toContain("Cannot connect");
    expect(got[0]!.text).not.toContain(order.orderNo);
    // The owner got both (paced: one a second), so later tests start from a quiet chat.
    await expect.poll(async () => (await drainTasks(t.db), w.sim.sent(adminChat).length - adminBefore), { timeout: 5_000, interval: 200 }).toBe(2);
    // Out of the later tests' operator counts.
    await t.db.update(users).set({ status: "DISABLED" }).where(eq(users.id, agent.id));
  });

  it("queueTelegramToAdmins sends one message per operator in their language (the daily digest's way)", async () => {
    const zhAdmin = await makeEnglishUser(t.db, "ADMIN");
    await t.db.update(users).set({ locale: "zh-CN" }).where(eq(users.id, zhAdmin.id));
    const zhChat = chat();
    await bindThroughLink(w.sim, zhAdmin, zhChat);
    const before = [w.sim.sent(adminChat).length, w.sim.sent(zhChat).length, w.sim.sent(userChat).length];
    const queued = await t.db.transaction((tx) => queueTelegramToAdmins(tx, (locale) => (locale === "en" ? "Yesterday: <3 orders>" : "昨日：<3 单>")));
    expect(queued).toBe(2);
    expect((await afterDrain(adminChat, before[0]!)).map((m) => m.text)).toEqual(["Yesterday: <3 orders>"]);
    expect((await afterDrain(zhChat, before[1]!)).map((m) => m.text)).toEqual(["昨日：<3 单>"]);
    expect(w.sim.sent(userChat).length).toBe(before[2]);
  });

  it("the daily digest reaches the operators on Telegram, once, through the registered sink", async () => {
    const before = w.sim.sent(adminChat).length;
    const at = new Date("2031-05-06T01:00:00Z"); // 09:00 in Shanghai: the digest of 5 May is due
    await updateSettings(cliCtx(t.db), { dailyDigestEnabled: true });
    const first = await sendDailyDigest(t.db, at);
    expect(first).toMatchObject({ sent: true, day: "2031-05-05" });
    expect(await sendDailyDigest(t.db, at)).toEqual({ sent: false, why: "not_due" });
    const got = await afterDrain(adminChat, before);
    expect(got).toHaveLength(1);
    expect(got[0]!.text).toBe(renderDigest("en", (first as { digest: Parameters<typeof renderDigest>[1] }).digest).text);
  });
});

