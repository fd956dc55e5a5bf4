// A support reply reaches the user's Telegram (their notification, in their language, with "Open"
// and "Reply"); the user's answer typed in Telegram lands in the ticket as theirs, and the admin's
// ticket view shows it. A closed ticket and someone else's are refused.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tasks, telegramBindings } from "../../src/server/db/schema";
import { adminReplyTicket, adminUpdateTicket, createTicket, getTicketAdmin } from "../../src/server/services/support";
import { testDbForFile } from "../helpers/db";
import { ask, bindThroughLink, botSaid, buttonsOf, drainTasks, makeEnglishUser, pressAndWait, SITE, telegramWorld } from "./world";

const t = testDbForFile();
const w = telegramWorld(() => t.db);
let nextChat = 930_000_000 + Math.floor(Math.random() * 1_000_000);
const chat = () => nextChat++;

async function openTicket(user: Awaited<ReturnType<typeof makeEnglishUser>>, subject: string) {
  return createTicket(user.ctx, { subject, body: "My link stopped working yesterday." });
}

describe("ticket replies through Telegram", () => {
  it("the support reply arrives with Reply; the user's answer lands in the ticket and the admin sees it", async () => {
    const admin = await makeEnglishUser(t.db, "ADMIN");
    const user = await makeEnglishUser(t.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    const ticket = await openTicket(user, "Cannot connect <from Tokyo>");
    const sentBefore = w.sim.sent(c).length;
    await adminReplyTicket(admin.ctx, { ticketId: ticket.id, body: "Please update your subscription in the app." });

    // The send is an outbox task with the words and link encrypted; nothing was sent inside the reply.
    const [task] = await t.db.select().from(tasks).where(eq(tasks.kind, "telegram.send"));
    expect(task).toMatchObject({ status: "PENDING", payload: { userId: user.id, chatId: c, purpose: "notification" } });
    expect(JSON.stringify(task!.payload)).not.toContain("Cannot connect");
    expect(w.sim.sent(c).length).toBe(sentBefore);

    await drainTasks(t.db);
    const [note] = (await botSaid(w.sim, c, sentBefore)).slice(sentBefore);
    expect(note!.parseMode).toBe("HTML");
    // HTML from the subject is shown as text, not markup.
    expect(note!.text).toContain("Cannot connect <from Tokyo>");
    expect(buttonsOf(note!)).toEqual([
      { text: "Open", url: `${SITE}/tickets/${ticket.id}` },
      { text: "Reply", callback_data: `tr:${ticket.id}` },
    ]);

    const prompt = await pressAndWait(w.sim, c, `tr:${ticket.id}`, note!.messageId);
    expect(prompt.text).toBe("Write your reply to the ticket “Cannot connect <from Tokyo>” as your next message.");
    expect(prompt.replyMarkup).toMatchObject({ force_reply: true });
    expect(prompt.entities).toContainEqual(expect.objectContaining({ type: "text_link", url: `${SITE}/tickets/${ticket.id}` }));

    const done = await ask(w.sim, c, "Updated it, works now. Thanks!");
    expect(done.text).toBe("Your reply was added to the ticket “Cannot connect <from Tokyo>”.");

    const view = await getTicketAdmin(admin.ctx, ticket.id);
    expect(view.ticket.status).toBe("USER_REPLIED");
    expect(view.ticket.userId).toBe(user.id);
    expect(view.messages.at(-1)).toMatchObject({ body: "Updated it, works now. Thanks!", authorRole: "USER" });

    // A second text without pressing Reply again is not posted anywhere.
    const again = await ask(w.sim, c, "one more thing");
    expect(again.text).toBe("To answer a ticket, press “Reply” under its message first.");
    expect((await getTicketAdmin(admin.ctx, ticket.id)).messages.at(-1)!.body).toBe("Updated it, works now. Thanks!");
  });

  it("a reply to an earlier prompt (Telegram's reply_to_message) goes to that prompt's ticket, not the last one asked", async () => {
    const admin = await makeEnglishUser(t.db, "ADMIN");
    const user = await makeEnglishUser(t.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    const first = await openTicket(user, "First problem");
    const second = await openTicket(user, "Second problem");
    const prompts = [];
    for (const ticket of [first, second]) {
      const before = w.sim.sent(c).length;
      await adminReplyTicket(admin.ctx, { ticketId: ticket.id, body: `About ${ticket.subject}` });
      // Sends to one chat are paced (one a second): run the outbox until this one went out.
      await expect.poll(async () => (await drainTasks(t.db), w.sim.sent(c).length), { timeout: 5_000, interval: 200 }).toBeGreaterThan(before);
      const [note] = w.sim.sent(c).slice(before);
      prompts.push(await pressAndWait(w.sim, c, `tr:${ticket.id}`, note!.messageId));
    }
    // The bot last asked about the second ticket; the user answers the first prompt with Telegram's "Reply".
    const done = await ask(w.sim, c, "Answer to the first", { replyToMessageId: prompts[0]!.messageId });
    expect(done.text).toBe("Your reply was added to the ticket “First problem”.");
    expect((await getTicketAdmin(admin.ctx, first.id)).messages.at(-1)).toMatchObject({ body: "Answer to the first", authorRole: "USER" });
    expect((await getTicketAdmin(admin.ctx, second.id)).messages.at(-1)!.body).toBe("About Second problem");
  });

  it("a closed ticket takes no reply from Telegram", async () => {
    const admin = await makeEnglishUser(t.db, "ADMIN");
    const user = await makeEnglishUser(t.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    const ticket = await openTicket(user, "Refund please");
    const sentBefore = w.sim.sent(c).length;
    await adminReplyTicket(admin.ctx, { ticketId: ticket.id, body: "Done." });
    await drainTasks(t.db);
    const [note] = (await botSaid(w.sim, c, sentBefore)).slice(sentBefore);
    const prompt = await pressAndWait(w.sim, c, `tr:${ticket.id}`, note!.messageId);
    expect(prompt.text).toMatch(/^Write your reply/);
    await adminUpdateTicket(admin.ctx, { ticketId: ticket.id, status: "CLOSED" });
    const answer = await ask(w.sim, c, "thanks");
    expect(answer.text).toBe("This ticket is closed. Please open a new one on the site.");
    expect((await getTicketAdmin(admin.ctx, ticket.id)).messages).toHaveLength(2);
  });

  it("a blocked or unbound chat gets nothing queued", async () => {
    const admin = await makeEnglishUser(t.db, "ADMIN");
    const user = await makeEnglishUser(t.db);
    const c = chat();
    await bindThroughLink(w.sim, user, c);
    await t.db.update(telegramBindings).set({ blockedAt: new Date() }).where(eq(telegramBindings.userId, user.id));
    const ticket = await openTicket(user, "Blocked");
    const queued = (await t.db.select().from(tasks).where(eq(tasks.kind, "telegram.send"))).length;
    await adminReplyTicket(admin.ctx, { ticketId: ticket.id, body: "Hello?" });
    expect((await t.db.select().from(tasks).where(eq(tasks.kind, "telegram.send"))).length).toBe(queued);
  });
});
