// The answers of /api/v1/ as zod schemas, for the OpenAPI document; tests parse the real answers with
// them (strictly), so a field added to shapes.ts without being documented here fails.
import { z } from "zod";
import { ORDER_KINDS, ORDER_PAY_METHODS, ORDER_STATUSES, PAID_VIA, SUBSCRIPTION_KINDS, SUBSCRIPTION_STATUSES, USER_ROLES, USER_STATUSES } from "../../db/schema";

const at = z.iso.datetime();
const atOrNull = at.nullable();

export const UserV1 = z.strictObject({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  locale: z.string().nullable(),
  emailVerifiedAt: atOrNull,
  lastLoginAt: atOrNull,
  createdAt: at,
});

export const OrderV1 = z.strictObject({
  id: z.uuid(),
  orderNo: z.string(),
  userId: z.uuid(),
  email: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  subtotalMinor: z.number().int().describe("Amounts are integers in the currency's minor unit (cents)."),
  couponDiscountMinor: z.number().int(),
  promotionDiscountMinor: z.number().int(),
  totalMinor: z.number().int(),
  balancePaidMinor: z.number().int().describe("The part paid from the account balance (wallet edition; 0 otherwise)."),
  provider: z.enum(ORDER_PAY_METHODS).nullable(),
  paidVia: z.enum(PAID_VIA).nullable(),
  createdAt: at,
  expiresAt: at,
  paidAt: atOrNull,
  closedAt: atOrNull,
  refundedAt: atOrNull,
  refundAmountMinor: z.number().int().nullable(),
});

export const SubscriptionV1 = z.strictObject({
  id: z.uuid(),
  userId: z.uuid(),
  planId: z.uuid(),
  kind: z.enum(SUBSCRIPTION_KINDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trial: z.boolean(),
  riskRestricted: z.boolean().describe("Risk control restricts it: the content endpoint refuses while it holds."),
  nodeId: z.uuid().nullable(),
  startsAt: at,
  expiresAt: at,
  trafficLimitBytes: z.number().int(),
  trafficUsedBytes: z.number().int(),
  createdAt: at,
});

export const SubscriptionListItemV1 = SubscriptionV1.extend({
  email: z.string().describe("The owner's email address."),
  planName: z.string(),
  nodeName: z.string().nullable(),
  streamingName: z.string().nullable(),
});

const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const UserPageV1 = pageOf(UserV1);
// Orders are counted up to a cap (services/orders/queries.ts): a million exact ones cost a second a page.
export const OrderPageV1 = pageOf(OrderV1).extend({
  totalCapped: z.boolean().describe("True when more orders match than were counted: `total` is then a lower bound (it grows with the page asked for)."),
});
export const SubscriptionPageV1 = pageOf(SubscriptionListItemV1);
