// Operators — administrators who bound a chat, are active, and are not held back by the two-factor
// enrolment rule — get the business events that need a person (payments, nodes, risk, tickets,
// failures) as Telegram alerts. The event sink runs inside the dispatch's transaction, where it only
// reads and queues one `telegram.send` per operator: nothing is sent from inside it (register.ts
// registers it).
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { permissionsOf, type Permission } from "../../auth/permissions";
import { nodes, orders, passkeys, staffRoles, telegramBindings, tickets, userTotp, users } from "../../db/schema";
import { ADMIN_TOTP_REQUIRED } from "../accounts/user-sessions";
import type { EventData, PublishedEvent } from "../events/types";
import { getSettingsWithSecrets } from "../settings/queries";
import { isAlertEvent, renderAlert, type AlertEventType, type AlertLookups } from "./alert-texts";
import { telegramStateOf } from "./config";
import { queueTelegramMessage, type TgMessage, type TgPurpose } from "./send-task";
import { esc, textLocale, type TextLocale } from "./texts";

export interface Operator {
  userId: string;
  chatId: number;
  locale: TextLocale;
}

/** What a staff member's role must allow to receive each alert (issue 29): an alert is a read of that area. */
const ALERT_PERMISSION: Record<AlertEventType, Permission> = {
  "order.paid": "orders.read",
  "payment.late": "orders.read",
  "payment.mismatched": "orders.read",
  "node.offline": "nodes.read",
  "node.online": "nodes.read",
  "risk.event_raised": "risk.read",
  "ticket.created": "tickets.read",
  "task.failed": "tasks.read",
  "backup.failed": "backup.manage",
};

/**
 * The chats alerts go to: bound, not blocked, of active administrators who may act as such (a second
 * factor enrolled where one is required) and whose role allows `permission`.
 */
export async function boundOperators(db: Db, permission: Permission): Promise<Operator[]> {
  const rows = await db
    .select({ userId: users.id, chatId: telegramBindings.chatId, locale: users.locale, staffRole: users.staffRole, customPermissions: staffRoles.permissions })
    .from(telegramBindings)
    .innerJoin(users, eq(users.id, telegramBindings.userId))
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .leftJoin(staffRoles, eq(staffRoles.name, users.staffRole))
    .where(
      and(
        eq(users.role, "ADMIN"),
        eq(users.status, "ACTIVE"),
        isNull(telegramBindings.blockedAt),
        sql`not ((${ADMIN_TOTP_REQUIRED} or ${users.secondFactorRequired}) and ${userTotp.enabledAt} is null and not exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`,
      ),
    );
  return rows.filter((r) => permissionsOf(r.staffRole, r.customPermissions).has(permission)).map((r) => ({ userId: r.userId, chatId: r.chatId, locale: textLocale(r.locale) }));
}

/**
 * One message to every bound operator, worded per operator's language: `build` returns plain text
 * (escaped here) or a ready message. For the daily digest and anything else site-wide; call inside
 * the transaction that decided to send it. Returns how many were queued (0 while the bot is off).
 */
export async function queueTelegramToAdmins(tx: Db, build: (locale: TextLocale) => string | TgMessage, purpose: TgPurpose = "digest"): Promise<number> {
  if (!telegramStateOf(await getSettingsWithSecrets(tx)).enabled) return 0;
  // The digest is the dashboard's figures.
  const operators = await boundOperators(tx, "dashboard.read");
  for (const op of operators) {
    const built = build(op.locale);
    await queueTelegramMessage(tx, op, typeof built === "string" ? { html: esc(built) } : built, purpose);
  }
  return operators.length;
}

const str = (v: unknown): string | null => (typeof v === "string" && /^[0-9a-f-]{36}$/i.test(v) ? v : null);

/** Names the event gives only as ids, looked up in the dispatch's transaction. */
async function lookups(tx: Db, data: EventData, currency: string): Promise<AlertLookups> {
  const userId = str(data.userId);
  const nodeId = str(data.nodeId);
  const ticketId = str(data.ticketId);
  const orderId = str(data.orderId);
  const [user, node, ticket, order] = await Promise.all([
    userId && typeof data.email !== "string" ? tx.select({ email: users.email }).from(users).where(eq(users.id, userId)) : [],
    nodeId && typeof data.name !== "string" ? tx.select({ name: nodes.name }).from(nodes).where(eq(nodes.id, nodeId)) : [],
    ticketId && typeof data.subject !== "string" ? tx.select({ subject: tickets.subject }).from(tickets).where(eq(tickets.id, ticketId)) : [],
    // Payment alerts name the order by id; the order's number and buyer are what an operator reads.
    orderId && (typeof data.orderNo !== "string" || !userId) ? tx.select({ orderNo: orders.orderNo, email: users.email }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, orderId)) : [],
  ]);
  return { currency, userEmail: user[0]?.email ?? order[0]?.email ?? null, nodeName: node[0]?.name ?? null, ticketSubject: ticket[0]?.subject ?? null, orderNo: order[0]?.orderNo ?? null };
}

export async function queueOperatorAlert(event: PublishedEvent, tx: Db): Promise<number> {
  if (!isAlertEvent(event.type)) return 0;
  const settings = await getSettingsWithSecrets(tx);
  const state = telegramStateOf(settings);
  if (!state.enabled) return 0;
  const operators = await boundOperators(tx, ALERT_PERMISSION[event.type]);
  if (!operators.length) return 0;
  const found = await lookups(tx, event.data ?? {}, settings.currency);
  for (const op of operators) await queueTelegramMessage(tx, op, renderAlert(op.locale, event.type, event.data ?? {}, found, state.config), "alert");
  return operators.length;
}
