// An open plan change ends with its order: releaseOrder (a cancel, an expiry) calls this in the same
// transaction, so the subscription's one open change (the partial unique index) is free again. A
// late payment an admin still honours settles a CLOSED change like a PENDING one (apply.ts).
// No imports beyond the schema: release-order.ts imports this file, and this area imports that one.
import { and, eq } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { planChanges } from "../../db/schema";

export async function closePlanChangeOf(tx: Tx, orderId: string, now: Date): Promise<void> {
  await tx.update(planChanges).set({ status: "CLOSED", updatedAt: now }).where(and(eq(planChanges.orderId, orderId), eq(planChanges.status, "PENDING")));
}
