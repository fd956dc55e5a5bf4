// Taking commission out, the user's side: a withdrawal an admin pays (POST /api/referral/payouts), or
// [wallet] a move to the balance at once. Both decide under the inviter's lock with the figures read
// after maturing (account-lock.ts), so two requests at once, or a request racing a refund that takes
// held commission back, never spend more than is available. Amounts are minor units (a whole number,
// or its digits as text), as POST /api/wallet/recharge takes them.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { encryptSecret } from "../../crypto/secrets";
import { REQUESTABLE_PAYOUT_METHODS, referralPayouts, users, type ReferralPayout } from "../../db/schema";
import { conflict, forbidden, validationError } from "../../errors";
import { minorToDecimal } from "../../integrations/payments/money";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { getSettingsWithSecrets } from "../settings/queries";
import { requireWalletEdition } from "../wallet/edition";
import { moveBalance } from "../wallet/ledger";
import { lockedFigures } from "./account-lock";
import { minorFrom } from "./arithmetic";
import { tellAdminsOfPayout, tellInviter } from "./notices";

/** The body of POST /api/referral/payouts (exported for the OpenAPI document). */
export const PayoutRequestInput = z.object({
  amount: z.union([z.number(), z.string()]).describe("Minor units (1000 = 10.00), a whole number or its digits as text."),
  method: z.enum(REQUESTABLE_PAYOUT_METHODS),
  account: z.string().trim().min(3).max(500).describe("Where to pay (an account, a name, an address). Stored encrypted; never shown back."),
});

export const MoveToBalanceInput = z.object({
  amount: z.union([z.number(), z.string()]).optional().describe("Minor units; all available commission when left out."),
});

export interface PayoutView {
  id: string;
  amountMinor: number;
  currency: string;
  method: ReferralPayout["method"];
  status: ReferralPayout["status"];
  createdAt: string;
  /** What is left available after this payout. */
  availableMinor: number;
}

const amountInvalid = () => validationError("referral_amount_invalid", { fields: { amount: "invalid" } });

/** An active account only: a disabled or banned one keeps its figures but takes nothing out. */
async function requireActive(tx: Tx, userId: string): Promise<void> {
  const [owner] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId));
  if (owner?.status !== "ACTIVE") throw forbidden("account_inactive");
}

const insufficient = (availableMinor: number) => {
  const available = minorToDecimal(Math.max(0, availableMinor));
  return conflict("referral_insufficient", { available, fields: { amount: "too_big" }, fieldParams: { amount: { maximum: available } } });
};

/** Asks for a payout of available commission: PENDING until an admin pays it or rejects it. */
export async function requestReferralPayout(ctx: Ctx, raw: unknown): Promise<PayoutView> {
  const { userId } = requireUser(ctx);
  const input = parseInput(PayoutRequestInput, raw);
  const amountMinor = minorFrom(input.amount);
  if (amountMinor === null) throw amountInvalid();
  const settings = await getSettingsWithSecrets(ctx.db);
  if (amountMinor < settings.referralMinPayout) {
    const min = minorToDecimal(settings.referralMinPayout);
    throw validationError("referral_payout_below_min", { min, fields: { amount: "too_small" }, fieldParams: { amount: { minimum: min } } });
  }
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await requireActive(tx, userId);
    const figures = await lockedFigures(tx, userId, now);
    if (amountMinor > figures.availableMinor) throw insufficient(figures.availableMinor);
    const [payout] = await tx
      .insert(referralPayouts)
      .values({ userId, amountMinor, currency: settings.currency, method: input.method, accountEnc: encryptSecret(input.account), status: "PENDING", createdAt: now, updatedAt: now })
      .returning();
    // The payout details are never in the audit log (nor in any log or export): the amount and method are.
    await recordAudit(ctx, { action: "referral.payout.requested", targetType: "referral_payout", targetId: payout!.id, metadata: { amountMinor, method: input.method, availableBeforeMinor: figures.availableMinor } }, tx);
    const money = { minor: amountMinor, currency: settings.currency };
    await tellInviter(tx, userId, "payoutRequested", { amount: money }, `referral-payout-asked:${payout!.id}`);
    const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await tellAdminsOfPayout(tx, payout!.id, { amount: money, email: me?.email ?? "" });
    return view(payout!, figures.availableMinor - amountMinor);
  });
}

/** [wallet] Moves available commission (all of it when no amount is given) to the caller's balance at once. */
export async function moveCommissionToBalance(ctx: Ctx, raw: unknown = {}): Promise<PayoutView & { balanceMinor: number }> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const input = parseInput(MoveToBalanceInput, raw ?? {});
  const asked = input.amount === undefined || input.amount === "" ? null : minorFrom(input.amount);
  if (input.amount !== undefined && input.amount !== "" && asked === null) throw amountInvalid();
  const settings = await getSettingsWithSecrets(ctx.db);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await requireActive(tx, userId);
    // Lock order: the referral account, then the balance (moveBalance's row); nothing takes them the other way round.
    const figures = await lockedFigures(tx, userId, now);
    const amountMinor = asked ?? figures.availableMinor;
    if (amountMinor <= 0 || amountMinor > figures.availableMinor) throw insufficient(figures.availableMinor);
    const [payout] = await tx
      .insert(referralPayouts)
      .values({ userId, amountMinor, currency: settings.currency, method: "BALANCE", accountEnc: null, status: "PAID", decidedAt: now, createdAt: now, updatedAt: now })
      .returning();
    const moved = await moveBalance(tx, {
      userId,
      kind: "COMMISSION",
      amountMinor,
      referenceType: "referral_payout",
      referenceId: payout!.id,
      idempotencyKey: `referral-payout:${payout!.id}`,
      actorId: userId,
      now,
    });
    await recordAudit(ctx, { action: "referral.payout.to_balance", targetType: "referral_payout", targetId: payout!.id, metadata: { amountMinor, balanceAfterMinor: moved.balanceAfterMinor } }, tx);
    await tellInviter(tx, userId, "movedToBalance", { amount: { minor: amountMinor, currency: settings.currency } }, `referral-payout-balance:${payout!.id}`);
    return { ...view(payout!, figures.availableMinor - amountMinor), balanceMinor: moved.balanceAfterMinor };
  });
}

function view(p: ReferralPayout, availableMinor: number): PayoutView {
  return { id: p.id, amountMinor: p.amountMinor, currency: p.currency, method: p.method, status: p.status, createdAt: p.createdAt.toISOString(), availableMinor };
}
