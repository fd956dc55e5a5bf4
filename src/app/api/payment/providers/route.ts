import { route } from "@/server/http/route";
import { listPaymentMethods } from "@/server/services/payments";

// `target=wallet` matters only in the wallet edition (it drops the balance method); base ignores it.
export const GET = route("user", async ({ ctx, req }) => ({ providers: await listPaymentMethods(ctx, { target: new URL(req.url).searchParams.get("target") }) }));
