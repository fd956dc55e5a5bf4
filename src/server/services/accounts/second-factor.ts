// The second step of signing in, and the code checks the 2FA card shares with it. Runs after
// authenticate() accepted the password: an account with an enabled authenticator also needs a
// current TOTP code (single use) or one of its recovery codes (single use).
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Ctx } from "../../context";
import { decryptSecret } from "../../crypto/secrets";
import type { Db } from "../../db/client";
import { userTotp } from "../../db/schema";
import { DomainError } from "../../errors";
import { beginSecondFactorCheck } from "../../rate-limit/policies";
import { matchTotp } from "../../auth/totp";
import { recordAudit } from "../audit";
import { consumeRecoveryCode } from "./recovery-codes";

export interface SecondFactorInput { totpCode?: string; recoveryCode?: string }

type TotpRow = { secretEnc: string; lastUsedStep: number | null };

/** The enabled authenticator of a user, or undefined (no 2FA, or enrolment not confirmed yet). */
export async function enabledTotp(db: Db, userId: string) {
  const [row] = await db.select({ secretEnc: userTotp.secretEnc, lastUsedStep: userTotp.lastUsedStep }).from(userTotp).where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt))).limit(1);
  return row;
}

/**
 * Accepts a TOTP code once: the matched time step must be later than the last one used, and is
 * recorded by a conditional update, so of two simultaneous requests with one code only one wins.
 * `pending` checks the code of an enrolment that is not confirmed yet.
 */
export async function consumeTotp(db: Db, userId: string, row: TotpRow, code: string, now: Date, pending = false): Promise<boolean> {
  const step = await matchTotp(decryptSecret(row.secretEnc), code, { now, afterStep: row.lastUsedStep });
  if (step === null) return false;
  const won = await db
    .update(userTotp)
    .set(pending ? { lastUsedStep: step, enabledAt: now } : { lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), pending ? isNull(userTotp.enabledAt) : isNotNull(userTotp.enabledAt), or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step))))
    .returning({ userId: userTotp.userId });
  return won.length > 0;
}

const invalidTotp = (status: "UNAUTHENTICATED" | "VALIDATION") =>
  new DomainError(status, "totp_invalid", status === "VALIDATION" ? { fields: { code: "invalid" } } : {});
const invalidRecovery = (status: "UNAUTHENTICATED" | "VALIDATION") =>
  new DomainError(status, "recovery_code_invalid", status === "VALIDATION" ? { fields: { code: "invalid" } } : {});

/**
 * Checks one code of an enabled authenticator (a 6-digit TOTP code or a recovery code), counting
 * the attempt against the per-account limit before looking at it. Throws when it is not accepted.
 */
export async function checkSecondFactor(ctx: Ctx, userId: string, input: SecondFactorInput, status: "UNAUTHENTICATED" | "VALIDATION" = "VALIDATION"): Promise<"totp" | "recovery"> {
  const row = await enabledTotp(ctx.db, userId);
  if (!row) throw new DomainError("VALIDATION", "two_factor_not_enabled");
  return checkWith(ctx, userId, row, input, status);
}

async function checkWith(ctx: Ctx, userId: string, row: TotpRow, input: SecondFactorInput, status: "UNAUTHENTICATED" | "VALIDATION"): Promise<"totp" | "recovery"> {
  const totp = input.totpCode?.trim();
  const recovery = input.recoveryCode?.trim();
  if (!totp && !recovery) throw new DomainError(status, "totp_required");
  const succeeded = await beginSecondFactorCheck(userId);
  if (totp) {
    if (!(await consumeTotp(ctx.db, userId, row, totp, ctx.now()))) throw invalidTotp(status);
    await succeeded();
    return "totp";
  }
  if (!(await consumeRecoveryCode(ctx.db, userId, recovery!, ctx.now()))) throw invalidRecovery(status);
  await succeeded();
  await recordAudit(ctx, { action: "user.recovery_code_used", targetType: "user", targetId: userId });
  return "recovery";
}

/** One field for both kinds of code (the 2FA card): six digits is a TOTP code, else a recovery code. */
export const splitCode = (code: string): SecondFactorInput => (/^\d{6}$/.test(code.replace(/[\s-]/g, "")) ? { totpCode: code } : { recoveryCode: code });

/**
 * The login step, called from next-auth's authorize() after authenticate(). Without 2FA it does
 * nothing; with 2FA and no code it answers `totp_required` (the login form then asks for one).
 */
export async function verifySecondFactor(ctx: Ctx, userId: string, input: SecondFactorInput): Promise<void> {
  const row = await enabledTotp(ctx.db, userId);
  if (row) await checkWith(ctx, userId, row, input, "UNAUTHENTICATED");
}
