// [wallet] The expiry job: pending recharges past their time are cancelled ("expired") and their open
// attempts closed. Safe on every instance at once: each closes by the same conditional update, so a
// recharge expires once, and one credited meanwhile is left alone.
import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { walletRechargeOrders } from "../../db/schema";
import { describeError } from "../../describe-error";
import { isWallet } from "../../env";
import { log } from "../../logger";
import { closeRecharge } from "./recharge";

export async function expireDueRecharges(db: Db, now = new Date(), batch = 200): Promise<number> {
  if (!isWallet()) return 0;
  const due = await db
    .select({ id: walletRechargeOrders.id })
    .from(walletRechargeOrders)
    .where(and(eq(walletRechargeOrders.status, "PENDING"), lte(walletRechargeOrders.expiresAt, now)))
    .limit(batch);
  let expired = 0;
  for (const { id } of due) {
    try {
      if (await db.transaction((tx) => closeRecharge(tx, id, "expired", now))) expired++;
    } catch (err) {
      log.error("recharge expiry failed", { rechargeId: id, error: describeError(err) });
    }
  }
  return expired;
}
