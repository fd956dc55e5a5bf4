"use server";
// The account page's Telegram card: a one-time deep link to bind a chat, and unbinding. Each verb
// checks the session itself (requireUser).
import { noArgs } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { createTelegramBindLink, unbindTelegram } from "@/server/services/telegram";

export async function createTelegramBindLinkAction(...a: []) {
  return runAction(noArgs, a, (ctx) => createTelegramBindLink(ctx));
}

export async function unbindTelegramAction(...a: []) {
  return runAction(noArgs, a, (ctx) => unbindTelegram(ctx), { revalidate: ["/account"] });
}
