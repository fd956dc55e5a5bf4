import { subscriptionV1 } from "@/server/http/api-v1/shapes";
import { tokenRoute } from "@/server/http/token-route";
import { activateSubscription } from "@/server/services/subscriptions";

/** SUSPENDED -> ACTIVE (an expired one is refused: it comes back by renewal) (scope write:subscriptions). */
export const POST = tokenRoute<{ id: string }>("write:subscriptions", async ({ ctx, params }) => subscriptionV1(await activateSubscription(ctx, params.id)));
