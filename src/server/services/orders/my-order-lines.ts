// The lines of some of the caller's orders, for the orders list's "items" column (one query for a
// page of orders). Another user's order ids simply match nothing.
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { orderItems, orders, plans } from "../../db/schema";
import { parseInput } from "../../validation";

export async function listMyOrderLines(ctx: Ctx, orderIds: string[]) {
  const { userId } = requireUser(ctx);
  const ids = parseInput(z.array(z.uuid()).max(100), orderIds);
  if (ids.length === 0) return [];
  return ctx.db
    .select({ orderId: orderItems.orderId, planName: plans.name, kind: orderItems.kind })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(plans, eq(plans.id, orderItems.planId))
    .where(and(inArray(orderItems.orderId, ids), eq(orders.userId, userId)))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}
