// [wallet] POST /api/wallet/redeem-card { code }: 404 in the base edition for every caller (walletOnly,
// checked before the session). The body (capped) is read only after the per-user and per-IP guess limits passed.
import { readJson } from "@/server/http/read-json";
import { route } from "@/server/http/route";
import { redeemCard } from "@/server/services/wallet";

export const POST = route("user", async ({ req, ctx }) => redeemCard(ctx, () => readJson(req, 1024)), { walletOnly: true });
