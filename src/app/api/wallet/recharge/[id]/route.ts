import { route } from "@/server/http/route";
import { getMyRecharge } from "@/server/services/wallet";

// [wallet] One of the caller's recharge orders; 404 in the base edition for every caller.
export const GET = route<{ id: string }>("user", async ({ ctx, params }) => getMyRecharge(ctx, params.id), { walletOnly: true });
