// [wallet] Redeeming a prepaid card (behaviour §13). The door is one conditional update, UNUSED (and
// not expired) -> USED, keyed by the code's hash: of any number of concurrent redemptions exactly one
// gets the row and the rest see card_invalid. A balance card credits the ledger in the same
// transaction; a plan card becomes a zero-total order whose one line carries the stock unit the card
// reserved, settled through the same door as a paid order (settleOrder, paid via CARD).
//
// Guessing: each attempt is counted per user and per IP before the lookup and given back unless the
// answer was card_invalid, which is also the one answer for unknown, used and expired codes, so the
// answer never tells which of the three it was.
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { orderItems, orders, plans, rechargeCards, users, type RechargeCard } from "../../db/schema";
import { conflict, forbidden, isDomainError, validationError } from "../../errors";
import { bodyOf, type LazyBody } from "../../http/read-json";
import { beginCardCodeCheck } from "../../rate-limit/policies";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { heldElsewhere } from "../orders/place-order";
import { settleOrder } from "../orders/settle-order";
import { newOrderNo } from "../payments/trade-no";
import { getSettingsWithSecrets } from "../settings/queries";
import { kickTasks } from "../tasks";
import { cardCodeHashCandidates, normaliseCardCode } from "./cards-codes";
import { requireWalletEdition } from "./edition";
import { moveBalance } from "./ledger";

export const RedeemCardInput = z.object({ code: z.string().trim().min(1).max(64) }).strict();

export type RedeemResult =
  | { kind: "BALANCE"; cardId: string; amountMinor: number; balanceMinor: number; currency: string }
  | { kind: "PLAN"; cardId: string; planId: string; planName: string; subscriptionId: string; orderId: string; orderNo: string };

const cardInvalid = () => validationError("card_invalid");

/** `{ code }` from the route or the Server Action; the body is read after the guess limit passed. */
export async function redeemCard(ctx: Ctx, body: LazyBody): Promise<RedeemResult> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const giveBack = await beginCardCodeCheck(userId, ctx.ip);
  let failure = false;
  try {
    const { code } = parseInput(RedeemCardInput, await bodyOf(body));
    const normalised = normaliseCardCode(code);
    if (!normalised) throw cardInvalid();
    const result = await ctx.db.transaction((tx) => redeemIn(ctx, tx, userId, normalised));
    if (result.kind === "PLAN") kickTasks(); // the new panel clients are created after commit
    return result;
  } catch (err) {
    failure = isDomainError(err) && err.reason === "card_invalid";
    throw err;
  } finally {
    if (!failure) await giveBack();
  }
}

async function redeemIn(ctx: Ctx, tx: Tx, userId: string, code: string): Promise<RedeemResult> {
  const now = ctx.now();
  // The door. holds_stock goes false with it: a plan card's unit passes to the order line below.
  const [card] = await tx
    .update(rechargeCards)
    .set({ status: "USED", usedById: userId, usedAt: now, holdsStock: false })
    .where(and(inArray(rechargeCards.codeHash, cardCodeHashCandidates(code)), eq(rechargeCards.status, "UNUSED"), or(isNull(rechargeCards.expiresAt), gt(rechargeCards.expiresAt, now))))
    .returning();
  if (!card) throw cardInvalid();
  if (card.kind === "BALANCE") return creditBalanceCard(ctx, tx, userId, card, now);
  return activatePlanCard(ctx, tx, userId, card, now);
}

async function creditBalanceCard(ctx: Ctx, tx: Tx, userId: string, card: RechargeCard, now: Date): Promise<RedeemResult> {
  const amountMinor = card.amountMinor!;
  const row = await moveBalance(tx, { userId, kind: "CARD", amountMinor, referenceType: "card", referenceId: card.id, idempotencyKey: `card:${card.id}`, actorId: userId, now });
  await recordAudit(ctx, { action: "wallet.card.redeemed", targetType: "card", targetId: card.id, metadata: { kind: card.kind, amountMinor, hint: card.codeHint } }, tx);
  const { currency } = await getSettingsWithSecrets(tx);
  return { kind: "BALANCE", cardId: card.id, amountMinor, balanceMinor: row.balanceAfterMinor, currency };
}

async function activatePlanCard(ctx: Ctx, tx: Tx, userId: string, card: RechargeCard, now: Date): Promise<RedeemResult> {
  const planId = card.planId!;
  // The user's row lock serialises their purchases, as placeOrder does, so the per-user limit holds.
  const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).for("update");
  if (!user || user.status !== "ACTIVE") throw forbidden("account_inactive");
  const [plan] = await tx.select({ name: plans.name, perUserLimit: plans.perUserLimit }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw new Error(`card ${card.id} names plan ${planId}, which is gone`);
  if (plan.perUserLimit !== null && (await heldElsewhere(tx, userId, planId)) + 1 > plan.perUserLimit) throw conflict("plan_user_limit", { limit: plan.perUserLimit });
  const { currency } = await getSettingsWithSecrets(tx);
  const [order] = await tx
    .insert(orders)
    .values({ orderNo: newOrderNo(now), userId, kind: "NEW_PURCHASE", currency, subtotalMinor: 0, totalMinor: 0, expiresAt: now, createdAt: now, updatedAt: now })
    .returning();
  // The stock unit the card took at generation, not a second one.
  await tx.insert(orderItems).values({ orderId: order!.id, planId, kind: "NEW_PURCHASE", trafficGb: card.trafficGb, durationDays: card.durationDays, amountMinor: 0, holdsStock: true });
  const settled = await settleOrder(tx, order!.id, "CARD", now);
  if (!settled.settled) throw new Error(`card order ${order!.id} was not pending`);
  const subscriptionId = settled.provisioned.created[0]!;
  await tx.update(rechargeCards).set({ resultSubscriptionId: subscriptionId }).where(eq(rechargeCards.id, card.id));
  await recordAudit(ctx, { action: "wallet.card.redeemed", targetType: "card", targetId: card.id, metadata: { kind: card.kind, planId, orderId: order!.id, subscriptionId, hint: card.codeHint } }, tx);
  return { kind: "PLAN", cardId: card.id, planId, planName: plan.name, subscriptionId, orderId: order!.id, orderNo: order!.orderNo };
}
