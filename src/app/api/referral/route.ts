// GET /api/referral: the caller's invite link, figures, invitees (masked emails; `page` pages them)
// and payouts. Amounts in minor units.
import { route } from "@/server/http/route";
import { getMyReferralSummary } from "@/server/services/referral";

export const GET = route("user", async ({ req, ctx }) => getMyReferralSummary(ctx, { page: new URL(req.url).searchParams.get("page") ?? undefined }));
