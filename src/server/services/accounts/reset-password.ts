import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { hashPassword } from "../../auth/password";
import { users } from "../../db/schema";
import { validationError } from "../../errors";
import { clearLoginFailures } from "../../rate-limit/policies";
import { recordAudit } from "../audit";
import { parseInput, ResetPasswordInput } from "./inputs";
import { consumeEmailToken } from "./tokens";

/** Sets a new password from a reset link and ends every existing session of the account. */
export async function resetPassword(ctx: Ctx, raw: unknown): Promise<{ email: string }> {
  const input = parseInput(ResetPasswordInput, raw);
  const passwordHash = await hashPassword(input.password);
  const email = await ctx.db.transaction(async (tx) => {
    const t = await consumeEmailToken(tx, input.token, ["RESET_PASSWORD"], ctx.now());
    if (!t?.userId) throw validationError("This link is invalid, expired or already used", { reason: "invalid_link" });
    const [u] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: ctx.now() })
      .where(eq(users.id, t.userId))
      .returning({ id: users.id, email: users.email });
    await recordAudit({ ...ctx, actor: { kind: "user", userId: u!.id, email: u!.email } }, { action: "user.reset_password", targetType: "user", targetId: u!.id }, tx);
    return u!.email;
  });
  await clearLoginFailures(email);
  return { email };
}
