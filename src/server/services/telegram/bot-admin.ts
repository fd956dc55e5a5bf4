// Operator commands: /stats, /node <name>, /user <email>, /order <number>. They answer only a bound,
// active administrator (chat-identity.ts `operator`); anyone else gets exactly what an unknown
// command gets, so the bot does not even tell that these commands exist. The figures come from the
// admin pages' own reads, called as that administrator.
import { and, count, eq, isNull } from "drizzle-orm";
import { Composer } from "grammy";
import type { CommandContext } from "grammy";
import { nodeIncidents, subscriptions } from "../../db/schema";
import { isDomainError } from "../../errors";
import { getUserByEmail } from "../accounts";
import { getAdminDashboard, nodeHealthState } from "../dashboard";
import { listNodes } from "../nodes";
import { listOrdersAdmin } from "../orders";
import { listNodeHealth } from "../telemetry";
import { say, type BotContext } from "./bot-context";
import { sayUnknown } from "./bot-user";
import { ctxOfIdentity } from "./chat-identity";
import { siteLink } from "./config";
import { bold, day, esc, labelWord, money, when } from "./texts";

type Cmd = CommandContext<BotContext>;

/**
 * Operators only; a command whose reads the operator's staff role does not allow (issue 29) gets the
 * unknown-command answer too, so a support agent's bot does not show revenue or nodes.
 */
const operatorOnly = (handler: (ctx: Cmd) => Promise<void>) => async (ctx: Cmd) => {
  if (!ctx.who?.operator) return sayUnknown(ctx);
  try {
    await handler(ctx);
  } catch (err) {
    if (isDomainError(err) && err.code === "FORBIDDEN") return sayUnknown(ctx);
    throw err;
  }
};
const adminCtx = (ctx: BotContext) => ctxOfIdentity(ctx.db, ctx.who!, true);
const open = (ctx: BotContext, path: string) => [[{ text: ctx.t("openAdmin"), url: siteLink(ctx.config, path) }]];

async function stats(ctx: Cmd): Promise<void> {
  const d = await getAdminDashboard(adminCtx(ctx));
  const t = ctx.t;
  const l = ctx.locale;
  // Each figure the staff role may read (issue 29): the dashboard leaves out the others.
  const lines = [bold(t("stats", { day: day(new Date(), l) }))];
  if (d.revenue) lines.push(esc(t("statsRevenue", { amount: money(d.revenue.today, d.currency, l) })));
  if (d.paidOrders) lines.push(esc(t("statsOrders", { count: d.paidOrders.today })));
  if (d.newUsers) lines.push(esc(t("statsUsers", { count: d.newUsers.today })));
  if (d.nodes) lines.push(esc(t("statsNodes", { online: d.nodes.counts.online, total: d.nodes.total })));
  await say(ctx, lines.join("\n"), open(ctx, "/admin"));
}

async function node(ctx: Cmd): Promise<void> {
  const t = ctx.t;
  const q = ctx.match.trim().toLowerCase();
  if (!q) return say(ctx, esc(t("nodeUsage")));
  const a = adminCtx(ctx);
  const all = await listNodes(a);
  const exact = all.filter((n) => n.name.toLowerCase() === q);
  const found = exact.length ? exact : all.filter((n) => n.name.toLowerCase().includes(q));
  if (!found.length) return say(ctx, esc(t("nodeNone", { name: ctx.match.trim() })));
  if (found.length > 1) return say(ctx, esc(t("nodeMany", { names: found.slice(0, 10).map((n) => n.name).join(", ") })));
  const n = found[0]!;
  const [[health], [incident]] = await Promise.all([
    listNodeHealth(a, { nodeId: n.id }),
    ctx.db.select({ startedAt: nodeIncidents.startedAt }).from(nodeIncidents).where(and(eq(nodeIncidents.nodeId, n.id), isNull(nodeIncidents.endedAt))).limit(1),
  ]);
  const state = nodeHealthState(n.panelStatus, health?.state ?? "none");
  const lines = [`${bold(n.name)} — ${esc(t(`nodeState.${state}`))}`];
  if (n.publicHost) lines.push(esc(t("nodeAddress", { host: n.publicHost })));
  lines.push(esc(t("nodeInbounds", { count: n.inboundCount })));
  lines.push(esc(health?.lastReportAt ? t("nodeLastReport", { at: when(new Date(health.lastReportAt), ctx.locale) }) : t("nodeNoReport")));
  if (incident) lines.push(esc(t("nodeDownSince", { at: when(incident.startedAt, ctx.locale) })));
  await say(ctx, lines.join("\n"), open(ctx, `/admin/nodes/${n.id}`));
}

async function user(ctx: Cmd): Promise<void> {
  const t = ctx.t;
  const email = ctx.match.trim();
  if (!email) return say(ctx, esc(t("userUsage")));
  const a = adminCtx(ctx);
  let u;
  try {
    u = await getUserByEmail(a, email);
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") return say(ctx, esc(t("userNone", { email })));
    throw err;
  }
  const [active] = await ctx.db.select({ n: count() }).from(subscriptions).where(and(eq(subscriptions.userId, u.id), eq(subscriptions.status, "ACTIVE")));
  const l = ctx.locale;
  const lines = [
    bold(u.email),
    esc(t("userRole", { role: labelWord(l, "userRole", u.role) })),
    esc(t("userStatus", { status: labelWord(l, "userStatus", u.status) })),
    esc(t("userJoined", { at: when(u.createdAt, l) })),
    ...(u.lastLoginAt ? [esc(t("userLastLogin", { at: when(u.lastLoginAt, l) }))] : []),
    esc(t("userSubs", { count: Number(active?.n ?? 0) })),
  ];
  await say(ctx, lines.join("\n"), open(ctx, `/admin/users/${u.id}`));
}

async function order(ctx: Cmd): Promise<void> {
  const t = ctx.t;
  const number = ctx.match.trim();
  if (!number) return say(ctx, esc(t("orderUsage")));
  const { rows } = await listOrdersAdmin(adminCtx(ctx), { q: number, pageSize: 20 });
  const o = rows.find((r) => r.orderNo.toLowerCase() === number.toLowerCase());
  if (!o) return say(ctx, esc(t("orderNone", { number })));
  const l = ctx.locale;
  const lines = [
    bold(o.orderNo),
    esc(t("orderStatus", { status: labelWord(l, "orderStatus", o.status) })),
    esc(t("orderBuyer", { email: o.email })),
    esc(t("orderTotal", { amount: money(o.totalMinor, o.currency, l) })),
    esc(t("orderCreated", { at: when(o.createdAt, l) })),
    ...(o.paidAt ? [esc(t("orderPaid", { at: when(o.paidAt, l) }))] : []),
  ];
  await say(ctx, lines.join("\n"), open(ctx, `/admin/orders?q=${encodeURIComponent(o.orderNo)}`));
}

export const adminCommands = new Composer<BotContext>();
adminCommands.command("stats", operatorOnly(stats));
adminCommands.command("node", operatorOnly(node));
adminCommands.command("user", operatorOnly(user));
adminCommands.command("order", operatorOnly(order));
