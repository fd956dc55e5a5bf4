import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { hashPassword, verifyPassword } from "../../auth/password";
import { users } from "../../db/schema";
import { validationError } from "../../errors";
import { clearLoginFailures, limitTokenAttemptIp } from "../../rate-limit/policies";
import { recordAudit } from "../audit";
import { parseInput, ResetPasswordInput } from "./inputs";
import { passwordUnchanged } from "./password-unchanged";
import { consumeEmailToken, findUsableEmailToken } from "./tokens";

const invalidLink = () => validationError("invalid_link");

/**
 * Sets a new password from a reset link and ends every existing session of the account. Token
 * attempts are limited per IP and a wrong token is refused by a keyed-hash lookup before any argon2
 * work, so bad links cost nothing; the token is consumed together with the password change.
 */
export async function resetPassword(ctx: Ctx, raw: unknown): Promise<{ email: string }> {
  const input = parseInput(ResetPasswordInput, raw);
  await limitTokenAttemptIp(ctx.ip);
  const link = await findUsableEmailToken(ctx.db, input.token, ["RESET_PASSWORD"], ctx.now());
  if (!link?.userId) throw invalidLink();
  // Only a valid link gets this far, so the comparison is never an oracle for a stranger; the
  // link stays usable for a different password.
  const [current] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, link.userId)).limit(1);
  if (current?.passwordHash && (await verifyPassword(current.passwordHash, input.password, { userId: link.userId }))) throw passwordUnchanged("password");
  const passwordHash = await hashPassword(input.password);
  const email = await ctx.db.transaction(async (tx) => {
    // Consumed only now: a double submit hashes twice but changes the password once.
    const t = await consumeEmailToken(tx, input.token, ["RESET_PASSWORD"], ctx.now());
    if (!t?.userId) throw invalidLink();
    const [u] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: ctx.now() })
      .where(eq(users.id, t.userId))
      .returning({ id: users.id, email: users.email });
    await recordAudit({ ...ctx, actor: { kind: "user", userId: u!.id, email: u!.email } }, { action: "user.reset_password", targetType: "user", targetId: u!.id }, tx);
    return u!.email;
  });
  await clearLoginFailures(email, ctx.ip);
  return { email };
}
