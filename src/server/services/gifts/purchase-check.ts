// What buy now checks before a gift order is placed (issue 28 item 3). Gifts are one-line new
// purchases of a paid proxy or streaming plan, for an address other than the buyer's own, while the
// operator offers gifts and the site can send mail (the claim link travels only by mail). A trial is
// one per person and a free plan would let anyone make the site mail any address, so neither is a gift.
import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { plans, users } from "../../db/schema";
import { conflict, DomainError, unavailable, validationError } from "../../errors";
import { getSettingsWithSecrets } from "../settings/queries";
import { smtpConfigured } from "../settings/update-settings";

/** The recipient's address as stored (trimmed, lower case), or a refusal. */
export async function checkGiftPurchase(ctx: Ctx, buyerId: string, planId: string, giftEmail: string): Promise<string> {
  const settings = await getSettingsWithSecrets(ctx.db);
  if (!settings.giftsEnabled) throw conflict("gifts_disabled");
  if (!smtpConfigured(settings)) throw unavailable("mail_not_configured");
  const email = giftEmail.trim().toLowerCase();
  const [buyer] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, buyerId));
  if (buyer && buyer.email.toLowerCase() === email) throw validationError("gift_to_self", { fields: { giftEmail: "invalid" } });
  // A plan's kind never changes once created; its price is quoted again inside the order's
  // transaction as for any purchase (a plan made free meanwhile is the operator's choice).
  const [plan] = await ctx.db.select({ kind: plans.kind, pricingMode: plans.pricingMode, priceMinor: plans.priceMinor, perGb: plans.pricePerGbMinor }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw new DomainError("NOT_FOUND", "plan_not_found");
  const free = plan.pricingMode === "SLIDER" && plan.kind !== "STREAMING" ? plan.perGb === 0 : plan.priceMinor === 0;
  if (plan.kind === "TRIAL" || free) throw conflict("gift_plan_not_allowed");
  return email;
}
