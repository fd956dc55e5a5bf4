import { SubscriptionsQuery } from "@/server/http/api-v1/inputs";
import { pageV1, subscriptionListItemV1 } from "@/server/http/api-v1/shapes";
import { tokenRoute } from "@/server/http/token-route";
import { listSubscriptionsAdmin } from "@/server/services/subscriptions/admin-queries";
import { parseInput } from "@/server/validation";

/** Subscriptions, newest first: ?q=&status=&kind=&planId=&nodeId=&page=&pageSize= (scope read:subscriptions). */
export const GET = tokenRoute("read:subscriptions", async ({ ctx, query }) => pageV1(await listSubscriptionsAdmin(ctx, parseInput(SubscriptionsQuery, query)), subscriptionListItemV1));
