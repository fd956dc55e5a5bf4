// A bound user's commands: /help, /unbind (bot.ts runs it before the account-state gate), and /subs:
// plan, status, traffic and expiry, a button per proxy subscription that reveals its link, and the
// site's renew / top-up pages. The reads are the site's own verbs called as that user
// (listMySubscriptions, getMySubscription), so the bot shows exactly what the owner's pages show and
// builds the link the same way. Private chats only (bot.ts gate).
import { Composer } from "grammy";
import { isWallet } from "../../env";
import { isDomainError } from "../../errors";
import { formatBytes } from "../../../i18n/format";
import { getMySubscription, listMySubscriptions } from "../subscriptions";
import { answerPress, isPrivateChat, say, type BotContext } from "./bot-context";
import { unbindChat } from "./binding";
import { ctxOfIdentity } from "./chat-identity";
import { siteLink } from "./config";
import type { TgButton } from "./send-task";
import { bold, botWords, clip, code, esc, labelWord, when } from "./texts";

export const SUBSCRIPTION_LINK_CALLBACK = "sub:";
/** Subscriptions listed in one answer (one button row each at most); the rest are on the site. */
const LISTED = 8;

export function helpText(ctx: BotContext): string {
  const lines = [esc(ctx.t("help"))];
  if (ctx.who?.operator) lines.push(esc(ctx.t("helpAdmin")));
  return lines.join("\n\n");
}

/** `/unbind` from a bound private chat, whatever the account's state: stopping messages is always allowed. */
export async function unbindFromChat(ctx: BotContext, next: () => Promise<void>): Promise<void> {
  if (!isPrivateChat(ctx) || !ctx.who) return next();
  const gone = await unbindChat(ctx.db, ctx.chat!.id);
  await say(ctx, esc(botWords(gone?.locale ?? ctx.locale)("unbound")));
}

/** What an unknown command gets, and what a non-operator gets for an operator command. */
export async function sayUnknown(ctx: BotContext): Promise<void> {
  await say(ctx, `${esc(ctx.t("unknown"))}\n\n${helpText(ctx)}`);
}

async function listSubscriptions(ctx: BotContext): Promise<void> {
  const who = ctx.who!;
  if (who.riskRestricted) return say(ctx, esc(ctx.t("restricted")), [[{ text: ctx.t("openAccount"), url: siteLink(ctx.config, "/dashboard") }]]);
  const { rows, total } = await listMySubscriptions(ctxOfIdentity(ctx.db, who), { pageSize: LISTED });
  const t = ctx.t;
  if (!rows.length) return say(ctx, esc(t("subsNone")), [[{ text: t("allSubscriptions"), url: siteLink(ctx.config, "/store") }]]);
  const now = Date.now();
  const blocks = rows.map((s) => {
    const live = s.status === "ACTIVE" && s.expiresAt.getTime() > now;
    const lines = [`${bold(s.planName)} — ${esc(labelWord(who.locale, "subscriptionStatus", s.status))}`];
    if (s.kind === "PROXY") {
      const used = formatBytes(s.trafficUsedBytes);
      lines.push(esc(s.trafficLimitBytes > 0 ? t("subTraffic", { used, limit: formatBytes(s.trafficLimitBytes) }) : t("subTrafficUnlimited", { used })));
    }
    lines.push(esc(t(live ? "subExpires" : "subEnded", { at: when(s.expiresAt, who.locale) })));
    return lines.join("\n");
  });
  const more = total > rows.length ? [esc(t("subsMore", { count: total - rows.length }))] : [];
  const buttons: TgButton[][] = rows.filter((s) => s.kind === "PROXY").map((s) => [{ text: clip(t("showLink", { plan: s.planName }), 60), callbackData: `${SUBSCRIPTION_LINK_CALLBACK}${s.id}` }]);
  const extend = rows.some((s) => s.canRenew || s.canAddTraffic);
  const pages: TgButton[] = [{ text: t(extend ? "renew" : "allSubscriptions"), url: siteLink(ctx.config, "/subscriptions") }];
  if (isWallet()) pages.push({ text: t("topUp"), url: siteLink(ctx.config, "/wallet/recharge") });
  buttons.push(pages);
  await say(ctx, [bold(t("subsTitle")), ...blocks, ...more].join("\n\n"), buttons);
}

async function revealLink(ctx: BotContext, subscriptionId: string): Promise<void> {
  const who = ctx.who!;
  const t = ctx.t;
  if (who.riskRestricted) {
    await answerPress(ctx, t("restricted"));
    return;
  }
  try {
    const sub = await getMySubscription(ctxOfIdentity(ctx.db, who), subscriptionId);
    await answerPress(ctx);
    if (!sub.contentUrl) return say(ctx, esc(t("subNoLink")));
    await say(ctx, `${esc(t("subLink", { plan: sub.planName }))}\n\n${code(sub.contentUrl)}`);
  } catch (err) {
    if (!isDomainError(err) || err.code !== "NOT_FOUND") throw err;
    await answerPress(ctx, t("subGone"));
  }
}

export const userCommands = new Composer<BotContext>();

userCommands.command("help", (ctx) => say(ctx, helpText(ctx)));

userCommands.command("subs", listSubscriptions);

userCommands.callbackQuery(new RegExp(`^${SUBSCRIPTION_LINK_CALLBACK}([0-9a-f-]{36})$`), (ctx) => revealLink(ctx, ctx.match[1]!));
