// Transfers under concurrency (behaviour §13): an accept racing the sender's cancel, the expiry job or
// an admin's delete, each on its own connection (PostgreSQL: really at once; PGlite: one after the
// other, proving only the outcome), 20 rounds: exactly one wins, the subscription ends with exactly
// one owner, and the fee is charged and refunded exactly once between them.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { subscriptionTransfers, walletTransactions } from "../../src/server/db/schema";
import { updateSettings } from "../../src/server/services/settings";
import {
  acceptSubscriptionTransfer,
  balanceOf,
  cancelSubscriptionTransfer,
  deleteAdminSubscriptionTransfer,
  expireDueTransfers,
  initiateSubscriptionTransfer,
  moveBalance,
} from "../../src/server/services/wallet";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { walletEditionForFile } from "../helpers/wallet";
import { gift, subOf } from "../subscriptions/helpers";

const shop = openShop();
walletEditionForFile(() => shop.db);
const second = secondInstanceForFile(shop);
const ROUNDS = 20;
const FEE = 100;

/** The same caller on the given database handle (an instance), at a given time. */
const on = (db: Db, ctx: Ctx, now?: Date) => makeCtx(db, ctx.actor, { ip: ctx.ip, now: now ? () => now : undefined });
const ledgerOf = (db: Db, id: string) => db.select().from(walletTransactions).where(and(eq(walletTransactions.referenceType, "transfer"), eq(walletTransactions.referenceId, id))).orderBy(asc(walletTransactions.id));

/** A pushed subscription whose fee (100) the given side bears and has paid or can pay exactly. */
async function pushed(bearer: "SENDER" | "RECEIVER") {
  await updateSettings(shop.admin.ctx, { transferFeeKind: "FIXED", transferFeeValue: FEE, transferFeeBearer: bearer });
  const plan = await proxyPlan(shop);
  const sender = await buyer(shop);
  const receiver = await buyer(shop);
  const subId = await gift(shop, sender.email, plan.id);
  const payer = bearer === "SENDER" ? sender : receiver;
  await shop.db.transaction((tx) => moveBalance(tx, { userId: payer.id, kind: "ADMIN_CREDIT", amountMinor: FEE, now: new Date() }));
  const before = (await subOf(shop.db, subId))!;
  const t = await initiateSubscriptionTransfer(sender.ctx, { subscriptionId: subId, email: receiver.email });
  return { sender, receiver, subId, before, t, bearer };
}

type Pushed = Awaited<ReturnType<typeof pushed>>;

/** The state after the race is exactly one of the two outcomes, with money moved once. */
async function expectOneOutcome(p: Pushed, acceptWon: boolean, otherStatus: "CANCELLED" | "EXPIRED" | null) {
  const [row] = await shop.db.select().from(subscriptionTransfers).where(eq(subscriptionTransfers.id, p.t.id));
  const sub = (await subOf(shop.db, p.subId))!;
  const ledger = (await ledgerOf(shop.db, p.t.id)).map((r) => [r.userId, r.kind, r.amountMinor]);
  const payerId = p.bearer === "SENDER" ? p.sender.id : p.receiver.id;
  if (acceptWon) {
    if (row) expect(row.status).toBe("COMPLETED");
    expect(sub).toMatchObject({ userId: p.receiver.id, status: "ACTIVE" });
    expect(sub.downloadTokenHash).not.toBe(p.before.downloadTokenHash);
    expect(ledger).toEqual([[payerId, "TRANSFER_FEE", -FEE]]);
    expect(await balanceOf(shop.db, payerId)).toBe(0);
  } else {
    if (otherStatus) expect(row!.status).toBe(otherStatus);
    else expect(row).toBeUndefined(); // deleted by the admin
    expect(sub).toMatchObject({ userId: p.sender.id, status: "ACTIVE", downloadTokenHash: p.before.downloadTokenHash });
    // A sender's fee was charged at the push and refunded once; a receiver's was never charged.
    expect(ledger).toEqual(p.bearer === "SENDER" ? [[payerId, "TRANSFER_FEE", -FEE], [payerId, "TRANSFER_FEE_REFUND", FEE]] : []);
    expect(await balanceOf(shop.db, payerId)).toBe(FEE);
  }
  const other = p.bearer === "SENDER" ? p.receiver.id : p.sender.id;
  expect(await balanceOf(shop.db, other)).toBe(0);
}

describe("accept racing", () => {
  it(`the sender's cancel, ${ROUNDS} rounds: exactly one wins, the fee moves or comes back once`, async () => {
    const wins = { accept: 0, cancel: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const p = await pushed(round % 2 ? "SENDER" : "RECEIVER");
      // Alternate which instance runs which side.
      const [dbA, dbB] = round % 4 < 2 ? [shop.db, second.db] : [second.db, shop.db];
      const results = await Promise.allSettled([acceptSubscriptionTransfer(on(dbA, p.receiver.ctx), p.t.id), cancelSubscriptionTransfer(on(dbB, p.sender.ctx), p.t.id)]);
      const reasons = settledReasons(results);
      expect(reasons.filter((r) => r === "ok"), `round ${round}: ${reasons.join(", ")}`).toHaveLength(1);
      expect(reasons.filter((r) => r !== "ok")).toEqual(["transfer_not_awaiting"]);
      const acceptWon = reasons[0] === "ok";
      wins[acceptWon ? "accept" : "cancel"]++;
      await expectOneOutcome(p, acceptWon, "CANCELLED");
    }
    expect(wins.accept + wins.cancel).toBe(ROUNDS);
  });

  it(`the expiry job at the 24-hour mark, ${ROUNDS} rounds: exactly one wins`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const p = await pushed(round % 2 ? "SENDER" : "RECEIVER");
      const edge = p.t.expiresAt.getTime();
      const [dbA, dbB] = round % 4 < 2 ? [shop.db, second.db] : [second.db, shop.db];
      // The receiver's clock a millisecond before the end, the job's a millisecond after.
      const results = await Promise.allSettled([acceptSubscriptionTransfer(on(dbA, p.receiver.ctx, new Date(edge - 1)), p.t.id), expireDueTransfers(dbB, new Date(edge + 1))]);
      const accepted = results[0].status === "fulfilled";
      const expired = results[1].status === "fulfilled" ? results[1].value : -1;
      expect(results[1].status).toBe("fulfilled");
      expect(accepted !== (expired === 1), `round ${round}: accept ${accepted ? "ok" : settledReasons(results)[0]}, expired ${expired}`).toBe(true);
      if (!accepted) expect(settledReasons(results)[0]).toBe("transfer_not_awaiting");
      await expectOneOutcome(p, accepted, "EXPIRED");
    }
  });

  it(`an admin's delete, ${ROUNDS / 2} rounds: cancelled and removed, or completed and its history removed`, async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const p = await pushed(round % 2 ? "SENDER" : "RECEIVER");
      const [dbA, dbB] = round % 4 < 2 ? [shop.db, second.db] : [second.db, shop.db];
      const results = await Promise.allSettled([acceptSubscriptionTransfer(on(dbA, p.receiver.ctx), p.t.id), deleteAdminSubscriptionTransfer(on(dbB, shop.admin.ctx), p.t.id)]);
      expect(results[1].status, `round ${round}: ${settledReasons(results).join(", ")}`).toBe("fulfilled");
      const deletion = (results[1] as PromiseFulfilledResult<Awaited<ReturnType<typeof deleteAdminSubscriptionTransfer>>>).value;
      const acceptWon = results[0].status === "fulfilled";
      // Whichever came first decided: the delete after an accept only removes history; before it, the accept finds nothing to accept.
      expect(deletion.outcome).toBe(acceptWon ? "history_removed" : "cancelled");
      if (!acceptWon) expect(["transfer_not_awaiting", "transfer_not_found"]).toContain(settledReasons(results)[0]);
      await expectOneOutcome(p, acceptWon, null);
    }
  });
});
