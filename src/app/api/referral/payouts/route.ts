// POST /api/referral/payouts { amount, method, account }: asks for a payout of available commission.
// `amount` is in minor units (a whole number or its digits), as POST /api/wallet/recharge takes it.
// The body is read (capped) only after the caller was checked.
import { readJson } from "@/server/http/read-json";
import { route } from "@/server/http/route";
import { requestReferralPayout } from "@/server/services/referral";

export const POST = route("user", async ({ req, ctx }) => Response.json(await requestReferralPayout(ctx, await readJson(req, 4096)), { status: 201 }));
