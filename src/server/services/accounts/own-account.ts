// What a logged-in user changes on their own account.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { requireUser } from "../../context";
import { hashPassword } from "../../auth/password";
import { isUniqueViolation } from "../../db/pg-errors";
import { users } from "../../db/schema";
import { recordAudit } from "../audit";
import { assertCurrentPassword } from "./current-password";
import { ChangePasswordInput, OwnLocaleInput, parseInput, ProfileInput, type Locale } from "./inputs";
import { passwordUnchanged } from "./password-unchanged";
import { getPublicUser, getUserOrThrow } from "./queries";
import { revokeAllSessions } from "./user-sessions";

export async function updateProfile(ctx: Ctx, raw: unknown) {
  const { userId } = requireUser(ctx);
  const input = parseInput(ProfileInput, raw);
  await ctx.db.update(users).set({ name: input.name, ...(input.locale ? { locale: input.locale } : {}), updatedAt: ctx.now() }).where(eq(users.id, userId));
  return getPublicUser(ctx.db, userId);
}

/**
 * The signed-in user's language, chosen with the header's language switch: the same column the
 * account page edits and the mails read (queueMail's locale), so the site has one language setting.
 */
export async function setOwnLocale(ctx: Ctx, raw: unknown): Promise<{ locale: Locale }> {
  const { userId } = requireUser(ctx);
  const { locale } = parseInput(OwnLocaleInput, raw);
  await ctx.db.update(users).set({ locale, updatedAt: ctx.now() }).where(eq(users.id, userId));
  return { locale };
}

/** Changing the password ends all other sessions; the caller re-issues its own session. */
export async function changePassword(ctx: Ctx, raw: unknown): Promise<{ sessionVersion: number }> {
  const { userId } = requireUser(ctx);
  const input = parseInput(ChangePasswordInput, raw);
  const u = await getUserOrThrow(ctx.db, userId);
  await assertCurrentPassword(userId, u.passwordHash, input.currentPassword);
  // Checked after the current password, so this answer tells nothing to someone who lacks it.
  if (input.newPassword === input.currentPassword) throw passwordUnchanged("newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  return ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: ctx.now() })
      .where(eq(users.id, userId))
      .returning({ sessionVersion: users.sessionVersion });
    await recordAudit(ctx, { action: "user.change_password", targetType: "user", targetId: userId }, tx);
    return r!;
  });
}

/** Revokes every session row of the user, this one included (the sessions table is what ends them). */
export async function logoutEverywhere(ctx: Ctx): Promise<void> {
  const { userId } = requireUser(ctx);
  await ctx.db.transaction(async (tx) => {
    const sessions = await revokeAllSessions(tx, userId, ctx.now());
    await recordAudit(ctx, { action: "user.logout_everywhere", targetType: "user", targetId: userId, metadata: { sessions } }, tx);
  });
}

const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O/1/I: codes get read aloud and typed

/** A fresh personal invite code (the referral area makes one on first use too). */
export function newInviteCode(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join("");
}

/** Generates (or regenerates) the caller's personal invite code. */
export async function generateInviteCode(ctx: Ctx): Promise<{ inviteCode: string }> {
  const { userId } = requireUser(ctx);
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newInviteCode();
    try {
      await ctx.db.update(users).set({ inviteCode: code, updatedAt: ctx.now() }).where(eq(users.id, userId));
      return { inviteCode: code };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("Could not generate a unique invite code");
}
