import { subscriptionV1 } from "@/server/http/api-v1/shapes";
import { tokenRoute } from "@/server/http/token-route";
import { suspendSubscription } from "@/server/services/subscriptions";

/** ACTIVE -> SUSPENDED; its panel clients are switched off (scope write:subscriptions). */
export const POST = tokenRoute<{ id: string }>("write:subscriptions", async ({ ctx, params }) => subscriptionV1(await suspendSubscription(ctx, params.id)));
