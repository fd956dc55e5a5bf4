// Answering a ticket from Telegram. A support reply's notification carries a "Reply" button
// (notification-hook.ts); pressing it checks the ticket is the user's and open, and the bot asks for
// the answer with force_reply. The next text is posted through the support area's own replyTicket,
// as that user (so ownership, the closed check, the staff notification and the per-user posting
// limit are the site's), and staff see it in the ticket like any reply.
// Which ticket a text answers: Telegram sends the prompt back as reply_to_message, and the prompt
// links the ticket's page, so the link names it; a client that sends no reply_to_message (or a user
// who types instead of replying) is matched by the prompt this process remembers for the chat.
import { Composer } from "grammy";
import type { Message } from "grammy/types";
import { isDomainError } from "../../errors";
import { limitTicketPosts } from "../../rate-limit/policies";
import { getMyTicket, replyTicket } from "../support";
import { answerPress, isCommandMessage, say, type BotContext } from "./bot-context";
import { ctxOfIdentity } from "./chat-identity";
import { siteLink } from "./config";
import { TICKET_REPLY_CALLBACK } from "./notification-hook";
import { esc } from "./texts";

const TICKET_PATH = /\/tickets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;
const PROMPT_TTL_MS = 30 * 60_000;
const MAX_PROMPTS = 10_000;

// Process-wide (both module copies: polling runs in the custom server's, webhooks in Next's).
const g = globalThis as unknown as { __relayboardTelegramPrompts?: Map<number, { ticketId: string; until: number }> };
const prompts = (g.__relayboardTelegramPrompts ??= new Map());

function rememberPrompt(chatId: number, ticketId: string): void {
  prompts.delete(chatId);
  if (prompts.size >= MAX_PROMPTS) prompts.delete(prompts.keys().next().value!);
  prompts.set(chatId, { ticketId, until: Date.now() + PROMPT_TTL_MS });
}

function promptedTicket(chatId: number): string | null {
  const p = prompts.get(chatId);
  if (!p) return null;
  if (p.until < Date.now()) {
    prompts.delete(chatId);
    return null;
  }
  return p.ticketId;
}

/** The ticket a reply_to_message prompt links to, if it is one of ours. */
function ticketOfRepliedPrompt(replied: Message | undefined, botId: number): string | null {
  if (!replied || replied.from?.id !== botId) return null;
  for (const e of replied.entities ?? []) if (e.type === "text_link") {
    const m = TICKET_PATH.exec(e.url);
    if (m) return m[1]!.toLowerCase();
  }
  return null;
}

async function askForReply(ctx: BotContext, ticketId: string): Promise<void> {
  const t = ctx.t;
  let ticket;
  try {
    ticket = await getMyTicket(ctxOfIdentity(ctx.db, ctx.who!), ticketId);
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") return answerPress(ctx, t("ticketGone"));
    throw err;
  }
  if (ticket.ticket.status === "CLOSED") return answerPress(ctx, t("ticketClosed"));
  await answerPress(ctx);
  // The subject is a link to the ticket: that link is how a reply_to_message names the ticket.
  const mark = "\u0000";
  const subjectLink = `<a href="${esc(siteLink(ctx.config, `/tickets/${ticketId}`))}">${esc(ticket.ticket.subject)}</a>`;
  const html = esc(t("replyPrompt", { subject: mark })).replace(mark, subjectLink);
  await ctx.reply(html, { parse_mode: "HTML", link_preview_options: { is_disabled: true }, reply_markup: { force_reply: true, input_field_placeholder: t("replyPlaceholder").slice(0, 64) } });
  rememberPrompt(ctx.chat!.id, ticketId);
}

async function postReply(ctx: BotContext, text: string): Promise<void> {
  const t = ctx.t;
  const chatId = ctx.chat!.id;
  const ticketId = ticketOfRepliedPrompt(ctx.message?.reply_to_message, ctx.me.id) ?? promptedTicket(chatId);
  if (!ticketId) return say(ctx, `${esc(t("replyFirst"))}`);
  const who = ctx.who!;
  try {
    // The site's limit on ticket messages per user holds whichever way they are sent.
    await limitTicketPosts(who.userId);
    const userCtx = ctxOfIdentity(ctx.db, who);
    await replyTicket(userCtx, { ticketId, body: text });
    prompts.delete(chatId);
    const { ticket } = await getMyTicket(userCtx, ticketId);
    await say(ctx, esc(t("replySent", { subject: ticket.subject })), [[{ text: t("open"), url: siteLink(ctx.config, `/tickets/${ticketId}`) }]]);
  } catch (err) {
    if (!isDomainError(err)) throw err;
    prompts.delete(chatId);
    if (err.code === "RATE_LIMITED") return say(ctx, esc(t("slowDown")));
    if (err.code === "NOT_FOUND") return say(ctx, esc(t("ticketGone")));
    if (err.reason === "ticket_closed") return say(ctx, esc(t("ticketClosed")));
    throw err;
  }
}

export const ticketReplies = new Composer<BotContext>();

ticketReplies.callbackQuery(new RegExp(`^${TICKET_REPLY_CALLBACK}([0-9a-f-]{36})$`), (ctx) => askForReply(ctx, ctx.match[1]!));

ticketReplies.on("message:text", async (ctx, next) => {
  if (isCommandMessage(ctx)) return next();
  await postReply(ctx, ctx.message.text);
});
