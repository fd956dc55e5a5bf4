// The query strings and bodies of /api/v1/, as the integrator sends them. The verbs parse their own
// input again; these name what the API promises (and feed the OpenAPI document). Unknown query
// parameters are ignored.
import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_PROVIDERS, SUBSCRIPTION_KINDS, SUBSCRIPTION_STATUSES, USER_ROLES, USER_STATUSES } from "../../db/schema";
import { GrantInput } from "../../services/subscriptions/grant";

/** The largest /api/v1/ body: a grant is a few fields. */
export const API_V1_MAX_BODY_BYTES = 4 * 1024;

const Page = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1).describe("1-based page number."),
  pageSize: z.coerce.number().int().min(1).max(100).default(20).describe("Items per page (at most 100)."),
});

export const UsersQuery = Page.extend({
  q: z.string().trim().max(100).optional().describe("Part of the email address or the name."),
  status: z.enum(USER_STATUSES).optional(),
  role: z.enum(USER_ROLES).optional(),
});

export const OrdersQuery = Page.extend({
  q: z.string().trim().max(200).optional().describe("Part of the order number or of the buyer's email address."),
  status: z.enum(ORDER_STATUSES).optional(),
  provider: z.enum(PAYMENT_PROVIDERS).optional().describe("The payment gateway."),
});

export const SubscriptionsQuery = Page.extend({
  q: z.string().trim().max(200).optional().describe("Part of the owner's email address, or the subscription id (whole or its first characters)."),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  kind: z.enum(SUBSCRIPTION_KINDS).optional(),
  planId: z.uuid().optional(),
  nodeId: z.uuid().optional(),
});

/** The admin grant's input, with the recipient named by email or by user id (exactly one). */
export const GrantBody = GrantInput.extend({
  email: GrantInput.shape.email.optional().describe("The recipient's email address (or give userId)."),
  userId: z.uuid().optional().describe("The recipient's user id (or give email)."),
}).superRefine((v, ctx) => {
  if (v.email === undefined && v.userId === undefined) ctx.addIssue({ code: "custom", path: ["email"], message: "required" });
  if (v.email !== undefined && v.userId !== undefined) ctx.addIssue({ code: "custom", path: ["userId"], message: "invalid" });
});
