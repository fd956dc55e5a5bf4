// /api/v1/: the integration surface, by API token (scoped). Listed into ROUTES (routes.ts).
import { z } from "zod";
import { API_V1_MAX_BODY_BYTES, GrantBody, OrdersQuery, SubscriptionsQuery, UsersQuery } from "../http/api-v1/inputs";
import { OrderPageV1, SubscriptionPageV1, SubscriptionV1, UserPageV1, UserV1 } from "../http/api-v1/responses";
import type { ApiScope } from "../services/api-tokens/scopes";
import type { RouteDoc } from "./types";

const id = (description: string) => ({ id: { schema: z.uuid(), description } });
const v1 = (scope: ApiScope, doc: Omit<RouteDoc, "tag" | "access" | "scope">): RouteDoc => ({
  ...doc,
  tag: "Integrations",
  access: "token",
  scope,
  description: `${doc.description ? `${doc.description} ` : ""}Scope: \`${scope}\`. Limited to 600 calls a minute per token; every call is audited.`,
});

export const API_V1_ROUTES: RouteDoc[] = [
  v1("read:users", { method: "get", path: "/api/v1/users", summary: "List users, newest first", query: UsersQuery, success: { status: 200, description: "{ items, total, page, pageSize }", schema: { name: "UserPageV1", schema: UserPageV1 } }, errors: [400, 401, 403, 429] }),
  v1("read:users", { method: "get", path: "/api/v1/users/{id}", summary: "One user", pathParams: id("The user."), success: { status: 200, description: "The user.", schema: { name: "UserV1", schema: UserV1 } }, errors: [401, 403, 404, 429] }),
  v1("read:orders", { method: "get", path: "/api/v1/orders", summary: "List orders, newest first", query: OrdersQuery, success: { status: 200, description: "{ items, total, totalCapped, page, pageSize }", schema: { name: "OrderPageV1", schema: OrderPageV1 } }, errors: [400, 401, 403, 429] }),
  v1("read:subscriptions", { method: "get", path: "/api/v1/subscriptions", summary: "List subscriptions, newest first", description: "Never carries a subscription's token or URL.", query: SubscriptionsQuery, success: { status: 200, description: "{ items, total, page, pageSize }", schema: { name: "SubscriptionPageV1", schema: SubscriptionPageV1 } }, errors: [400, 401, 403, 429] }),
  v1("write:subscriptions", {
    method: "post", path: "/api/v1/subscriptions/grant", summary: "Give a user a subscription to a plan",
    description: `Provisioned like a paid order at amount 0 (stock and the plan's per-user limit apply). The recipient by email or userId, exactly one. Body at most ${API_V1_MAX_BODY_BYTES} bytes.`,
    body: { contentType: "application/json", schema: { name: "GrantBodyV1", schema: GrantBody } },
    success: { status: 201, description: "The new subscription.", schema: { name: "SubscriptionV1", schema: SubscriptionV1 } }, errors: [400, 401, 403, 404, 409, 413, 415, 429],
  }),
  v1("write:subscriptions", { method: "post", path: "/api/v1/subscriptions/{id}/suspend", summary: "Suspend an active subscription", description: "Its panel clients are switched off and the owner is told.", pathParams: id("The subscription."), success: { status: 200, description: "The subscription, now SUSPENDED.", schema: { name: "SubscriptionV1", schema: SubscriptionV1 } }, errors: [400, 401, 403, 404, 409, 429] }),
  v1("write:subscriptions", { method: "post", path: "/api/v1/subscriptions/{id}/activate", summary: "Activate a suspended subscription", description: "One whose time ran out is refused (409 subscription_is_expired): it comes back by renewal.", pathParams: id("The subscription."), success: { status: 200, description: "The subscription, now ACTIVE.", schema: { name: "SubscriptionV1", schema: SubscriptionV1 } }, errors: [400, 401, 403, 404, 409, 429] }),
];
