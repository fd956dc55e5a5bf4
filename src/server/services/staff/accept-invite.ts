// The invitation page and its acceptance (issue 29). The token is the bearer secret: whoever holds
// the link sees the address and the role; unknown tokens are counted per IP first (a token that
// names a live invitation gives its count back). Accepting uses the token with the conditional
// update every email link uses, inside the transaction that makes the account staff, so two accepts
// at once make one account, and a refused one (address taken meanwhile) leaves the link usable.
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { hashPassword } from "../../auth/password";
import { keyedHashCandidates } from "../../crypto/secrets";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { emailTokens, users } from "../../db/schema";
import { conflict, DomainError, validationError } from "../../errors";
import { beginStaffInviteCheck } from "../../rate-limit/policies";
import { parseInput } from "../../validation";
import { emailTaken } from "../accounts/email-taken";
import { findUserByEmail } from "../accounts/queries";
import { consumeEmailToken } from "../accounts/tokens";
import { recordAudit } from "../audit";
import { textLocale } from "../notifications/texts";
import { assertRoleExists } from "./guards";
import { AcceptInviteInput } from "./inputs";
import { invitePayload } from "./invites";
import { roleWord } from "./role-words";

type EmailToken = typeof emailTokens.$inferSelect;

const invalid = () => new DomainError("NOT_FOUND", "staff_invite_invalid");

/** The live invitation a token names, after counting the lookup against guessing; else 404. */
async function liveInvite(ctx: Ctx, token: string): Promise<EmailToken> {
  const giveBack = await beginStaffInviteCheck(ctx.ip);
  const shaped = /^[A-Za-z0-9_-]{20,200}$/.test(token);
  const [row] = shaped
    ? await ctx.db
        .select()
        .from(emailTokens)
        .where(and(inArray(emailTokens.tokenHash, keyedHashCandidates(token, "email-token")), eq(emailTokens.purpose, "STAFF_INVITE"), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, ctx.now())))
        .limit(1)
    : [];
  if (!row) throw invalid();
  await giveBack();
  return row;
}

export interface StaffInviteView {
  email: string;
  role: string;
  /** The role in the reader's words (a built-in role translated, a custom one as named). */
  roleName: string;
  expiresAt: Date;
  /** Whether the address has an account already (then it is signed in to accept, not created). */
  hasAccount: boolean;
  /** The caller's signed-in address, if any, and whether that is the invited account. */
  signedInAs: string | null;
  signedInAsInvitee: boolean;
}

/** Public by design (the token is the secret): see tests/auth/read-verbs-check-caller.test.ts NO_CALLER. */
export async function getStaffInvite(ctx: Ctx, token: unknown): Promise<StaffInviteView> {
  const row = await liveInvite(ctx, typeof token === "string" ? token.trim() : "");
  const { role } = invitePayload(row.payload);
  const account = await findUserByEmail(ctx.db, row.email);
  return {
    email: row.email,
    role,
    roleName: roleWord(textLocale(ctx.locale), role),
    expiresAt: row.expiresAt,
    hasAccount: Boolean(account),
    signedInAs: ctx.actor.userId ? (ctx.actor.email ?? null) : null,
    signedInAsInvitee: Boolean(account && ctx.actor.userId === account.id),
  };
}

export interface AcceptedInvite { userId: string; email: string; role: string; created: boolean }

/** Uses the token inside `tx`; a token someone else used a moment ago is refused like any used one. */
async function useToken(tx: Db, ctx: Ctx, token: string, inviteId: string): Promise<void> {
  const used = await consumeEmailToken(tx, token, ["STAFF_INVITE"], ctx.now());
  if (!used || used.id !== inviteId) throw invalid();
}

/**
 * A new address: `{ token, name, password }` makes an active, verified staff account with the role.
 * An address with an account: the caller must be signed in as it (`{ token }`); it becomes staff and
 * its sessions end. Either way no admin page opens before a second factor is enrolled
 * (second_factor_required, checked by checkSession on every request).
 */
export async function acceptStaffInvite(ctx: Ctx, raw: unknown): Promise<AcceptedInvite> {
  const input = parseInput(AcceptInviteInput, raw);
  const invite = await liveInvite(ctx, input.token);
  const { role, invitedById } = invitePayload(invite.payload);
  const existing = await findUserByEmail(ctx.db, invite.email);
  // The audit row names the person joining as its actor (as registration does).
  const joined = (userId: string): Ctx => ({ ...ctx, actor: { kind: "user", userId, email: invite.email } });
  if (existing) {
    if (ctx.actor.userId !== existing.id) throw new DomainError(ctx.actor.userId ? "FORBIDDEN" : "UNAUTHENTICATED", "staff_invite_sign_in", { email: invite.email });
    if (existing.role === "ADMIN") throw conflict("staff_already");
    await ctx.db.transaction(async (tx) => {
      await useToken(tx, ctx, input.token, invite.id);
      await assertRoleExists(tx, role);
      const promoted = await tx
        .update(users)
        .set({ role: "ADMIN", staffRole: role, secondFactorRequired: true, updatedAt: ctx.now(), sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(and(eq(users.id, existing.id), eq(users.role, "USER"), eq(users.status, "ACTIVE")))
        .returning({ id: users.id });
      if (!promoted.length) throw conflict("staff_already");
      await recordAudit(joined(existing.id), { action: "staff.joined", targetType: "user", targetId: existing.id, metadata: { role, inviteId: invite.id, invitedById, account: "existing" } }, tx);
    });
    return { userId: existing.id, email: invite.email, role, created: false };
  }
  if (!input.password) throw validationError("invalid_input", { fields: { password: "required" } });
  const passwordHash = await hashPassword(input.password);
  try {
    const userId = await ctx.db.transaction(async (tx) => {
      await useToken(tx, ctx, input.token, invite.id);
      await assertRoleExists(tx, role);
      const now = ctx.now();
      const [u] = await tx
        .insert(users)
        .values({
          email: invite.email,
          passwordHash,
          name: input.name || invite.email.split("@")[0]!.slice(0, 50),
          role: "ADMIN",
          staffRole: role,
          secondFactorRequired: true,
          status: "ACTIVE",
          // The link reached this address: it is proven.
          emailVerifiedAt: now,
          locale: ctx.locale,
        })
        .returning({ id: users.id });
      await recordAudit(joined(u!.id), { action: "staff.joined", targetType: "user", targetId: u!.id, metadata: { role, inviteId: invite.id, invitedById, account: "new" } }, tx);
      return u!.id;
    });
    return { userId, email: invite.email, role, created: true };
  } catch (err) {
    // The address registered between the page and the click: the link stays usable (rolled back).
    if (isUniqueViolation(err)) throw emailTaken("email");
    throw err;
  }
}
