// Inputs of the catalog's admin verbs besides plans (plan-input.ts). Money is integer minor units.
import { z } from "zod";
import { COUPON_AUDIENCES, COUPON_KINDS } from "../../db/schema";
import { optionalFormBoolean } from "../../form-boolean";
import { MAX_PRICE_MINOR } from "./plan-input";

const money = z.number().int().min(0).max(MAX_PRICE_MINOR);
/** An instant as ISO 8601 text (or a Date); empty text or null = no bound. */
const instant = z.preprocess((v) => (v === "" || v === undefined ? null : v), z.union([z.null(), z.coerce.date()]));

export const StreamingServiceInput = z.strictObject({
  name: z.string().trim().min(1).max(60),
  description: z.string().trim().max(2000).default(""),
  /** The shared account's login, password, profile or PIN notes: stored encrypted, shown only by an explicit reveal. */
  credentials: z.string().trim().min(1).max(4000),
  slotCount: z.number().int().min(0).max(100_000),
  enabled: optionalFormBoolean.default(true),
});
/** On update empty credentials keep the stored ones. */
export const StreamingServiceUpdateInput = StreamingServiceInput.extend({ credentials: z.string().trim().max(4000).default("") });

/**
 * A coupon. The code is trimmed and upper-cased (codes are matched case-insensitively), letters,
 * digits, '-' and '_'. AMOUNT: amountOffMinor >= 1. PERCENT: percentOff 1..100, optional
 * maxDiscountMinor cap. The window is [startsAt, endsAt) with either end open. totalLimit null =
 * unlimited; planIds empty = every plan.
 */
export const CouponInput = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(3)
      .max(32)
      .regex(/^[A-Za-z0-9_-]+$/, { message: "invalid" })
      .transform((c) => c.toUpperCase()),
    kind: z.enum(COUPON_KINDS),
    amountOffMinor: money.optional(),
    percentOff: z.number().int().min(1).max(100).optional(),
    maxDiscountMinor: z.number().int().min(1).max(MAX_PRICE_MINOR).nullable().default(null),
    minSpendMinor: money.default(0),
    startsAt: instant.default(null),
    endsAt: instant.default(null),
    totalLimit: z.number().int().min(0).max(10_000_000).nullable().default(null),
    perUserLimit: z.number().int().min(1).max(1000).nullable().default(null),
    audience: z.enum(COUPON_AUDIENCES).default("PUBLIC"),
    planIds: z.array(z.string().uuid()).max(200).default([]),
    enabled: optionalFormBoolean.default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "AMOUNT") {
      if (v.amountOffMinor === undefined) ctx.addIssue({ code: "custom", path: ["amountOffMinor"], message: "required" });
      else if (v.amountOffMinor < 1) ctx.addIssue({ code: "too_small", origin: "number", minimum: 1, inclusive: true, path: ["amountOffMinor"], input: v.amountOffMinor });
    } else if (v.percentOff === undefined) ctx.addIssue({ code: "custom", path: ["percentOff"], message: "required" });
    if (v.startsAt && v.endsAt && v.endsAt.getTime() <= v.startsAt.getTime()) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "before_start" });
  })
  .transform((v) => ({
    ...v,
    amountOffMinor: v.kind === "AMOUNT" ? (v.amountOffMinor ?? 0) : 0,
    percentOff: v.kind === "PERCENT" ? (v.percentOff ?? 0) : 0,
    maxDiscountMinor: v.kind === "PERCENT" ? v.maxDiscountMinor : null,
    planIds: [...new Set(v.planIds)],
  }));
export type CouponValues = z.output<typeof CouponInput>;

export const ListCouponsInput = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const GrantInput = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) });

/** A spend-threshold discount: orders of at least thresholdMinor get discountMinor off. */
export const PromotionInput = z
  .strictObject({
    name: z.string().trim().min(1).max(80),
    thresholdMinor: money,
    discountMinor: z.number().int().min(1).max(MAX_PRICE_MINOR),
    startsAt: instant.default(null),
    endsAt: instant.default(null),
    enabled: optionalFormBoolean.default(true),
  })
  .superRefine((v, ctx) => {
    if (v.startsAt && v.endsAt && v.endsAt.getTime() <= v.startsAt.getTime()) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "before_start" });
  });
