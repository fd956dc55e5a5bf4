// The admin's refund of a paid order (issue 23 item 5; interface.md "Admin, orders"): one verb for
// the three destinations. The order's own conditional update (PAID -> REFUNDED) is the door, and
// the unique order id of `refunds` backs it: under any concurrency one refund of an order moves
// money, every other attempt is refused with refund_exists.
//
// - BALANCE / MANUAL finish in the same transaction: the refund row DONE, the money moved (balance)
//   or recorded (by hand), the subscriptions ended if asked, the customer told.
// - GATEWAY records the refund PENDING with the order marked, and queues a `refund.gateway` task in
//   that transaction (outbox): the gateway is called after commit, never inside the request's
//   transaction, with the refund number as the gateway's request number so a retry is the same
//   refund there. The task completes it (DONE) or, when the gateway refuses, marks it FAILED and
//   puts the order back to PAID so the admin can choose another destination (gateway-task.ts).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { orders, refunds, type Order, type Refund, type RefundDestination } from "../../db/schema";
import { isWallet } from "../../env";
import { conflict, DomainError, validationError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { formatMinor } from "../catalog/money";
import { newReference } from "../payments/trade-no";
import { enqueueTask, kickTasks } from "../tasks";
import { completeRefund } from "./complete-refund";
import { planRefund, splitGatewayAmount, type Availability, type RefundPlan } from "./plan";
import { REFUND_GATEWAY } from "./task-kinds";
import { publishEvent } from "../events/publish";

const DESTINATIONS = { balance: "BALANCE", gateway: "GATEWAY", manual: "MANUAL" } as const satisfies Record<string, RefundDestination>;
const NOTE_MAX = 2000;

export const RefundInput = z
  .object({
    /** Minor units (fen); between 1 and what this destination can take back. */
    amount: z.coerce.number().int().safe(),
    destination: z.enum(["balance", "gateway", "manual"]),
    endSubscription: z.union([z.boolean(), z.enum(["true", "false", "on"]).transform((v) => v !== "false")]).default(false),
    note: z.string().trim().max(NOTE_MAX).default(""),
  })
  // Paid back by hand: the note is the only record of how.
  .refine((v) => v.destination !== "manual" || v.note.length > 0, { path: ["note"], message: "required" });
export type RefundInputRaw = z.input<typeof RefundInput>;

const orderId = z.uuid();
const missing = () => new DomainError("NOT_FOUND", "order_not_found");

/** Refunds a paid order; returns the refund (DONE, or PENDING while a gateway refund is being asked). */
export async function refundOrder(ctx: Ctx, id: string, raw: unknown): Promise<Refund> {
  requireAdmin(ctx, "orders.refund");
  const oid = parseInput(orderId, id);
  const input = parseInput(RefundInput, raw);
  const destination = DESTINATIONS[input.destination];
  const now = ctx.now();
  const actorId = ctx.actor.userId ?? null;
  const refund = await ctx.db.transaction(async (tx) => {
    const order = await readRefundable(tx, oid);
    const plan = await planRefund(tx, order, { wallet: isWallet() });
    const split = checkAmount(plan, destination, input.amount);

    // The door: only one refund of this order gets past it (the row lock orders the racers; a loser
    // reads REFUNDED and is refused).
    const [marked] = await tx
      .update(orders)
      .set({ status: "REFUNDED", refundedAt: now, refundAmountMinor: input.amount, refundNote: input.note || null, updatedAt: now })
      .where(and(eq(orders.id, oid), eq(orders.status, "PAID")))
      .returning();
    if (!marked) throw refusalFor((await tx.select().from(orders).where(eq(orders.id, oid)))[0]);

    const row = {
      paymentId: plan.payment?.id ?? null,
      userId: order.userId,
      amountMinor: input.amount,
      destination,
      status: destination === "GATEWAY" ? ("PENDING" as const) : ("DONE" as const),
      refundNo: newReference("RF", now),
      gatewayReference: null,
      endSubscription: input.endSubscription,
      actorId,
      note: input.note || null,
      lastError: null,
      createdAt: now,
      completedAt: destination === "GATEWAY" ? null : now,
    };
    // One row per order (unique): a refund the gateway refused (FAILED) is taken over by this attempt.
    const [saved] = plan.existing
      ? await tx.update(refunds).set(row).where(and(eq(refunds.id, plan.existing.id), eq(refunds.status, "FAILED"))).returning()
      : await tx.insert(refunds).values({ orderId: oid, ...row }).onConflictDoNothing({ target: refunds.orderId }).returning();
    if (!saved) throw conflict("refund_exists");

    if (destination === "GATEWAY") {
      await enqueueTask(tx, REFUND_GATEWAY, { refundId: saved.id, refundNo: saved.refundNo }, { maxAttempts: 8 });
    } else {
      await completeRefund(tx, { order: marked, refund: saved, now, actorId });
    }
    await recordAudit(
      ctx,
      {
        action: "order.refunded",
        targetType: "order",
        targetId: oid,
        metadata: { refundId: saved.id, refundNo: saved.refundNo, destination, status: saved.status, amountMinor: input.amount, endSubscription: input.endSubscription, ...(split ? { split } : {}) },
      },
      tx,
    );
    await publishEvent(tx, "order.refunded", {
      orderId: oid,
      orderNo: marked.orderNo,
      userId: marked.userId,
      refundId: saved.id,
      refundNo: saved.refundNo,
      amountMinor: input.amount,
      currency: marked.currency,
      destination,
      refundStatus: saved.status,
      endSubscription: input.endSubscription,
    });
    return saved;
  });
  kickTasks();
  return refund;
}

async function readRefundable(tx: Tx, oid: string): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, oid));
  if (!order || order.status !== "PAID") throw refusalFor(order);
  return order;
}

function refusalFor(order: Order | undefined): DomainError {
  if (!order) return missing();
  return order.status === "REFUNDED" ? conflict("refund_exists") : conflict("refund_not_paid");
}

/** 0 < amount <= what this destination can take back; returns the gateway/balance split of a gateway refund. */
function checkAmount(plan: RefundPlan, destination: RefundDestination, amount: number): { gatewayMinor: number; balanceMinor: number } | undefined {
  const a: Availability & { provider?: string } = destination === "BALANCE" ? plan.balance : destination === "GATEWAY" ? plan.gateway : plan.manual;
  if (!a.available) {
    if (a.why === "nothing_paid") throw amountInvalid(0);
    throw conflict("refund_destination_unavailable", { destination, why: a.why });
  }
  if (amount <= 0 || amount > a.maxMinor) throw amountInvalid(a.maxMinor, amount <= 0);
  return destination === "GATEWAY" ? splitGatewayAmount(amount, plan.gatewayPartMinor) : undefined;
}

/** `max` in the site currency's major unit, as the sentence shows it; `maxMinor` for programs. */
const amountInvalid = (maxMinor: number, tooSmall = false) =>
  validationError("refund_amount_invalid", {
    max: formatMinor(maxMinor),
    maxMinor,
    fields: { amount: tooSmall ? "too_small" : "too_big" },
    fieldParams: { amount: tooSmall ? { minimum: "0.01" } : { maximum: formatMinor(maxMinor) } },
  });
