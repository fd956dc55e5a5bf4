// POST /api/v1/subscriptions/grant: the admin grant verb, with the recipient named by email or by
// user id, answered with the new subscription (its safe fields).
import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { subscriptions, users } from "../../db/schema";
import { DomainError } from "../../errors";
import { grantSubscription } from "../../services/subscriptions";
import { parseInput } from "../../validation";
import { GrantBody } from "./inputs";
import { subscriptionV1 } from "./shapes";

export async function grantForApi(ctx: Ctx, raw: unknown) {
  const { userId, email, ...rest } = parseInput(GrantBody, raw);
  const recipient = email ?? (await emailOf(ctx, userId!));
  const id = await grantSubscription(ctx, { ...rest, email: recipient });
  const [sub] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return subscriptionV1(sub!);
}

async function emailOf(ctx: Ctx, userId: string): Promise<string> {
  const [u] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!u) throw new DomainError("NOT_FOUND", "user_not_found");
  return u.email;
}
