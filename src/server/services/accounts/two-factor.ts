// Two-factor sign-in on the account page: enrol an authenticator (QR code + first code), see how
// many recovery codes are left, make new ones, switch it off; and the operator's reset for a lost
// device (`relayboard user reset-2fa`).
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Ctx } from "../../context";
import { requireAdmin, requireUser } from "../../context";
import { verifyPassword } from "../../auth/password";
import { newTotpSecret, totpUri } from "../../auth/totp";
import { encryptSecret } from "../../crypto/secrets";
import { appConfig, passkeys, recoveryCodes, userTotp, users } from "../../db/schema";
import { conflict, DomainError } from "../../errors";
import { beginSecondFactorCheck } from "../../rate-limit/policies";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { SETTINGS_DEFAULTS } from "../settings/schema";
import { getUserOrThrow } from "./queries";
import { countUnusedRecoveryCodes, replaceRecoveryCodes } from "./recovery-codes";
import { checkSecondFactor, consumeTotp, enabledTotp, splitCode } from "./second-factor";
import { assertMayChangeStaff } from "../staff/guards";
import { ADMIN_TOTP_REQUIRED, revokeAllSessions } from "./user-sessions";

const CodeInput = z.object({ code: z.string().trim().min(1).max(64) });
const DisableInput = z.object({ password: z.string().min(1).max(128), code: z.string().trim().min(1).max(64) });

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  /**
   * The caller must have a second factor: an administrator while require2faForAdmins is on, or staff
   * invited or created with a role (users.second_factor_required). TOTP or a passkey satisfies it.
   */
  requiredForMe: boolean;
  /** The caller's passkeys: one counts as the second factor a requirement asks for. */
  passkeys: number;
}

export async function getTwoFactorStatus(ctx: Ctx): Promise<TwoFactorStatus> {
  const { userId } = requireUser(ctx);
  const [row] = await ctx.db
    .select({
      role: users.role,
      enabledAt: userTotp.enabledAt,
      adminRequired: ADMIN_TOTP_REQUIRED,
      secondFactorRequired: users.secondFactorRequired,
      passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const requiredForMe = row?.role === "ADMIN" && (Boolean(row.adminRequired) || row.secondFactorRequired);
  const passkeyCount = Number(row?.passkeys ?? 0);
  if (!row?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0, requiredForMe, passkeys: passkeyCount };
  return { enabled: true, enabledAt: row.enabledAt, recoveryCodesLeft: await countUnusedRecoveryCodes(ctx.db, userId), requiredForMe, passkeys: passkeyCount };
}

async function issuer(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, "siteName")).limit(1);
  return typeof row?.value === "string" && row.value ? row.value : SETTINGS_DEFAULTS.siteName;
}

/**
 * Starts (or restarts) enrolment with a new secret. Nothing changes for sign-in until the first
 * code confirms it. The secret is returned this once, for the QR code and manual entry.
 */
export async function startTwoFactorSetup(ctx: Ctx): Promise<{ secret: string; uri: string }> {
  const { userId } = requireUser(ctx);
  const u = await getUserOrThrow(ctx.db, userId);
  if (await enabledTotp(ctx.db, userId)) throw conflict("two_factor_enabled");
  const secret = newTotpSecret();
  const secretEnc = encryptSecret(secret);
  await ctx.db
    .insert(userTotp)
    .values({ userId, secretEnc, createdAt: ctx.now() })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secretEnc, lastUsedStep: null, createdAt: ctx.now() }, setWhere: isNull(userTotp.enabledAt) });
  return { secret, uri: totpUri({ issuer: await issuer(ctx), account: u.email, secret }) };
}

/** Confirms enrolment with a first code; returns the recovery codes, shown only now. */
export async function confirmTwoFactorSetup(ctx: Ctx, raw: unknown): Promise<{ recoveryCodes: string[] }> {
  const { userId } = requireUser(ctx);
  const { code } = parseInput(CodeInput, raw);
  const [row] = await ctx.db.select({ secretEnc: userTotp.secretEnc, lastUsedStep: userTotp.lastUsedStep }).from(userTotp).where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt))).limit(1);
  if (!row) throw new DomainError("VALIDATION", "two_factor_setup_missing");
  const succeeded = await beginSecondFactorCheck(userId);
  return ctx.db.transaction(async (tx) => {
    if (!(await consumeTotp(tx, userId, row, code, ctx.now(), true))) throw new DomainError("VALIDATION", "totp_invalid", { fields: { code: "invalid" } });
    const codes = await replaceRecoveryCodes(tx, userId, ctx.now());
    await recordAudit(ctx, { action: "user.two_factor_enable", targetType: "user", targetId: userId }, tx);
    await succeeded();
    return { recoveryCodes: codes };
  });
}

/** A fresh set of recovery codes (the old ones stop working); needs a current code. */
export async function regenerateRecoveryCodes(ctx: Ctx, raw: unknown): Promise<{ recoveryCodes: string[] }> {
  const { userId } = requireUser(ctx);
  const { code } = parseInput(CodeInput, raw);
  await checkSecondFactor(ctx, userId, splitCode(code));
  return ctx.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, userId, ctx.now());
    await recordAudit(ctx, { action: "user.recovery_codes_regenerate", targetType: "user", targetId: userId }, tx);
    return { recoveryCodes: codes };
  });
}

/** Switches 2FA off: needs the password and a code (authenticator or recovery). */
export async function disableTwoFactor(ctx: Ctx, raw: unknown): Promise<void> {
  const { userId } = requireUser(ctx);
  const input = parseInput(DisableInput, raw);
  if (!(await enabledTotp(ctx.db, userId))) throw new DomainError("VALIDATION", "two_factor_not_enabled");
  // Both checks share the per-account 2FA limit: counted here, before the password is verified.
  const succeeded = await beginSecondFactorCheck(userId);
  const u = await getUserOrThrow(ctx.db, userId);
  if (!(await verifyPassword(u.passwordHash, input.password))) throw new DomainError("VALIDATION", "current_password_wrong", { fields: { password: "wrong" } });
  await succeeded();
  await checkSecondFactor(ctx, userId, splitCode(input.code));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userTotp).where(eq(userTotp.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await recordAudit(ctx, { action: "user.two_factor_disable", targetType: "user", targetId: userId }, tx);
  });
}

/**
 * Operator recovery for a lost device: removes the authenticator, the recovery codes and the
 * passkeys (issue 29: a lost phone may hold both), and ends the user's sessions (whoever holds the
 * device may hold a session too). The user signs in with the password alone and can enrol again.
 */
export async function resetTwoFactor(ctx: Ctx, userId: string): Promise<{ hadTwoFactor: boolean; passkeysRemoved: number }> {
  requireAdmin(ctx, "users.write");
  // A staff member's second factor is staff business (and an owner's, that owner's alone).
  assertMayChangeStaff(ctx, await getUserOrThrow(ctx.db, userId));
  return ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ enabledAt: userTotp.enabledAt });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const passkeysRemoved = (await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })).length;
    const hadTwoFactor = removed.some((r) => r.enabledAt !== null);
    if (hadTwoFactor || passkeysRemoved > 0) await revokeAllSessions(tx, userId, ctx.now());
    await recordAudit(ctx, { action: "user.two_factor_reset", targetType: "user", targetId: userId, metadata: { hadTwoFactor, passkeysRemoved } }, tx);
    return { hadTwoFactor, passkeysRemoved };
  });
}
