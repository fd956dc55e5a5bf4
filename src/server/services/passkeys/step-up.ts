// Once an account has a passkey, its passkeys are changed (one added or removed) from a session
// opened with a passkey, or else with a code: the authenticator app's (when two-factor sign-in is
// on) or one of the recovery codes. Otherwise a password alone, phished or guessed, could enrol the
// thief's own passkey and pass a site's "staff must sign in with a passkey" rule, or remove the
// owner's passkeys and enrol one afresh. The recovery codes are the way back for someone who lost
// their only passkey: password sign-in, then a new passkey with a recovery code.
import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Ctx } from "../../context";
import { passkeys, userSessions, userTotp } from "../../db/schema";
import { DomainError } from "../../errors";
import { beginSecondFactorCheck } from "../../rate-limit/policies";
import { recordAudit } from "../audit";
import { consumeRecoveryCode } from "../accounts/recovery-codes";
import { checkSecondFactor, splitCode } from "../accounts/second-factor";

/** What a passkey change asks for now: nothing, a recovery code, or either kind of code. */
export type StepUp = "none" | "recovery" | "either";

export async function stepUpFor(ctx: Ctx, userId: string): Promise<StepUp> {
  const [keys] = await ctx.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  if (!Number(keys?.n ?? 0)) return "none";
  const sid = ctx.actor.sessionId;
  if (sid) {
    const [s] = await ctx.db.select({ method: userSessions.method }).from(userSessions).where(and(eq(userSessions.id, sid), eq(userSessions.userId, userId))).limit(1);
    if (s?.method === "passkey") return "none";
  }
  const [totp] = await ctx.db.select({ userId: userTotp.userId }).from(userTotp).where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt))).limit(1);
  return totp ? "either" : "recovery";
}

/**
 * Throws unless the change may go ahead: VALIDATION `passkey_code_required` without a code when one
 * is needed, or the code's own refusal. A code is counted against the account's two-factor limit
 * before it is looked at, and used up when right (a recovery code works once).
 */
export async function assertStepUp(ctx: Ctx, userId: string, code: string | undefined): Promise<void> {
  const need = await stepUpFor(ctx, userId);
  if (need === "none") return;
  if (!code) throw new DomainError("VALIDATION", "passkey_code_required", { fields: { code: "required" } });
  if (need === "either") {
    await checkSecondFactor(ctx, userId, splitCode(code));
    return;
  }
  const succeeded = await beginSecondFactorCheck(userId);
  if (!(await consumeRecoveryCode(ctx.db, userId, code, ctx.now()))) throw new DomainError("VALIDATION", "recovery_code_invalid", { fields: { code: "invalid" } });
  await succeeded();
  await recordAudit(ctx, { action: "user.recovery_code_used", targetType: "user", targetId: userId });
}
