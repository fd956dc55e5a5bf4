import { grantForApi } from "@/server/http/api-v1/grant";
import { tokenRoute } from "@/server/http/token-route";

/** Gives a subscription, provisioned like a paid order (scope write:subscriptions). */
export const POST = tokenRoute("write:subscriptions", async ({ ctx, body }) => grantForApi(ctx, await body()), { status: 201 });
