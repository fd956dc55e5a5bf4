// The per-user token of the aggregate link (/api/subscription/all): created on first view, rotatable
// by its owner (behaviour §7, §14.8). Stored as a keyed hash (looked up by the content endpoint)
// and as ciphertext (so the owner's page can show the link again).
import { and, eq, isNull } from "drizzle-orm";
import { requireUser, type Ctx } from "../../context";
import { users } from "../../db/schema";
import { decryptSecret, encryptSecret, keyedHash, randomToken } from "../../crypto/secrets";
import { notFound } from "../../errors";
import { recordAudit } from "../audit";
// The keyedHash purpose of users.subscriptionTokenHash: one constant, shared with the content endpoint.
import { AGGREGATE_TOKEN_PURPOSE } from "../subscription-content/access";

export { AGGREGATE_TOKEN_PURPOSE };

function newAggregateToken() {
  const token = randomToken(24);
  return { token, hash: keyedHash(token, AGGREGATE_TOKEN_PURPOSE), enc: encryptSecret(token) };
}

/**
 * The caller's aggregate token, made on first use. The write only applies while no token exists
 * (`where hash is null`), so two first views at once agree: the loser reads the winner's token.
 */
export async function myAggregateToken(ctx: Ctx): Promise<{ token: string }> {
  const { userId } = requireUser(ctx);
  const fresh = newAggregateToken();
  const made = await ctx.db
    .update(users)
    .set({ subscriptionTokenHash: fresh.hash, subscriptionTokenEnc: fresh.enc })
    .where(and(eq(users.id, userId), isNull(users.subscriptionTokenHash)))
    .returning({ id: users.id });
  if (made.length) return { token: fresh.token };
  const [row] = await ctx.db.select({ enc: users.subscriptionTokenEnc }).from(users).where(eq(users.id, userId));
  if (!row?.enc) throw notFound("user");
  return { token: decryptSecret(row.enc) };
}

/** A new aggregate token; the old link stops working at once. */
export async function rotateAggregateToken(ctx: Ctx): Promise<{ token: string }> {
  const { userId } = requireUser(ctx);
  const fresh = newAggregateToken();
  const done = await ctx.db
    .update(users)
    .set({ subscriptionTokenHash: fresh.hash, subscriptionTokenEnc: fresh.enc, updatedAt: ctx.now() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!done.length) throw notFound("user");
  await recordAudit(ctx, { action: "subscription.aggregate_rotated", targetType: "user", targetId: userId });
  return { token: fresh.token };
}
