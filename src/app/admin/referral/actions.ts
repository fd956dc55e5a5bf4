"use server";
// The admin referral page's Server Actions: a payout's detail (its details decrypted, audited), and
// the two decisions, each once. Admins only (refused before the arguments are read; the verbs check again).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { approveReferralPayout, getReferralPayout, rejectReferralPayout } from "@/server/services/referral";

const OPTS = { revalidate: ["/admin/referral"], permission: "referral.write" as const };

export async function referralPayoutDetailAction(...a: [id: string]) {
  return runAction(args(["id", str]), a, async (ctx, [id]) => {
    const d = await getReferralPayout(ctx, id);
    return { ...d, createdAt: d.createdAt.toISOString(), decidedAt: d.decidedAt?.toISOString() ?? null };
  }, { permission: "referral.read" });
}

/** `{ id, reference }`: paid outside the site; the reference of that transfer is recorded. */
export async function approveReferralPayoutAction(...a: [input: { id: string; reference: string }]) {
  return runAction(args(["input", fields]), a, async (ctx, [input]) => ({ id: (await approveReferralPayout(ctx, input)).id, status: "PAID" as const }), OPTS);
}

/** `{ id, reason }`: not paid; the amount is available to the user again. */
export async function rejectReferralPayoutAction(...a: [input: { id: string; reason: string }]) {
  return runAction(args(["input", fields]), a, async (ctx, [input]) => ({ id: (await rejectReferralPayout(ctx, input)).id, status: "REJECTED" as const }), OPTS);
}
