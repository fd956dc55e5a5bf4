// Staff invitations (issue 29): an email_tokens row (purpose STAFF_INVITE, 7 days, keyed hash only)
// whose payload names the role; the raw token is only in the mail task's encrypted part. Inviting
// the same address again replaces the earlier invitation (issueEmailToken drops unused ones).
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { keyedHash } from "../../crypto/secrets";
import { emailTokens, users } from "../../db/schema";
import { conflict, DomainError, unavailable } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { issueEmailToken } from "../accounts/tokens";
import { recordAudit } from "../audit";
import { assertSmtpSecretReadable, getSettingsWithSecrets, smtpConfigured } from "../settings";
import { kickTasks } from "../tasks";
import { assertMayGrant, heldGrants, roleGrants } from "./guards";
import { InviteStaffInput } from "./inputs";
import { queueStaffInviteMail } from "./invite-mail";

export interface StaffInviteRow { id: string; email: string; role: string; invitedBy: string | null; createdAt: Date; expiresAt: Date }

/** What an invitation's payload holds. */
export interface InvitePayload { role: string; invitedById: string | null; invitedBy: string | null }

export const invitePayload = (p: Record<string, unknown>): InvitePayload => ({
  role: typeof p.role === "string" ? p.role : "",
  invitedById: typeof p.invitedById === "string" ? p.invitedById : null,
  invitedBy: typeof p.invitedBy === "string" ? p.invitedBy : null,
});

/** Pending invitations shown at most (newest first): far more than a shop invites within a week. */
export const MAX_PENDING_INVITES = 200;

export async function inviteStaff(ctx: Ctx, raw: unknown): Promise<StaffInviteRow> {
  requireAdmin(ctx, "staff.manage");
  const input = parseInput(InviteStaffInput, raw);
  const settings = await getSettingsWithSecrets(ctx.db);
  // The link exists only in the mail: without a way to send it, there is no invitation.
  if (!smtpConfigured(settings)) throw unavailable("mail_not_configured");
  assertSmtpSecretReadable(settings);
  const row = await ctx.db.transaction(async (tx) => {
    assertMayGrant(ctx, input.role, await roleGrants(tx, input.role));
    const [existing] = await tx.select({ role: users.role }).from(users).where(eq(users.email, input.email)).limit(1);
    if (existing?.role === "ADMIN") throw conflict("staff_already", { fields: { email: "taken" } });
    const payload: InvitePayload = { role: input.role, invitedById: ctx.actor.userId ?? null, invitedBy: ctx.actor.email ?? null };
    const { token } = await issueEmailToken(tx, { purpose: "STAFF_INVITE", email: input.email, payload: { ...payload }, now: ctx.now() });
    const [made] = await tx.select().from(emailTokens).where(eq(emailTokens.tokenHash, keyedHash(token, "email-token")));
    await queueStaffInviteMail(tx, { to: input.email, role: input.role, token, expiresAt: made!.expiresAt, locale: ctx.locale, siteUrl: settings.siteUrl });
    await recordAudit(ctx, { action: "staff.invited", targetType: "staff_invite", targetId: made!.id, metadata: { email: input.email, role: input.role } }, tx);
    return { id: made!.id, email: input.email, role: input.role, invitedBy: payload.invitedBy, createdAt: made!.createdAt, expiresAt: made!.expiresAt };
  });
  kickTasks();
  return row;
}

/** Invitations not yet accepted and not expired, newest first. */
export async function listStaffInvites(ctx: Ctx): Promise<StaffInviteRow[]> {
  requireAdmin(ctx, "staff.manage");
  const rows = await ctx.db
    .select({ id: emailTokens.id, email: emailTokens.email, payload: emailTokens.payload, createdAt: emailTokens.createdAt, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.purpose, "STAFF_INVITE"), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, ctx.now())))
    .orderBy(desc(emailTokens.createdAt))
    .limit(MAX_PENDING_INVITES);
  return rows.map(({ payload, ...r }) => {
    const p = invitePayload(payload);
    return { ...r, role: p.role, invitedBy: p.invitedBy };
  });
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function revokeStaffInvite(ctx: Ctx, id: unknown): Promise<{ revoked: true }> {
  requireAdmin(ctx, "staff.manage");
  const notFound = () => new DomainError("NOT_FOUND", "staff_invite_not_found");
  if (typeof id !== "string" || !isUuid(id)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(emailTokens)
      .where(and(eq(emailTokens.id, id), eq(emailTokens.purpose, "STAFF_INVITE"), isNull(emailTokens.usedAt)))
      .returning({ email: emailTokens.email, payload: emailTokens.payload });
    if (!gone) throw notFound();
    const { role } = invitePayload(gone.payload);
    // Withdrawing an invitation to a role is as much as granting it (and rolls back otherwise).
    assertMayGrant(ctx, role, await heldGrants(tx, role));
    await recordAudit(ctx, { action: "staff.invite_revoked", targetType: "staff_invite", targetId: id, metadata: { email: gone.email, role } }, tx);
  });
  return { revoked: true };
}
