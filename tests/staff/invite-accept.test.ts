// Issue 29 item 2: the owner invites staff by email with a role; the one-time link makes a new
// account (or promotes the signed-in account of that address) that must enrol a second factor
// before its first admin page. Expired, used and revoked links are refused; guesses are counted.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { actorOf } from "../../src/server/auth/session";
import { totpCodeAt } from "../../src/server/auth/totp";
import { auditLogs, emailTokens, users } from "../../src/server/db/schema";
import { redactString } from "../../src/server/logger";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "../../src/server/services/accounts";
import { updateSettings } from "../../src/server/services/settings";
import { acceptStaffInvite, getStaffInvite, inviteStaff, listStaffInvites, revokeStaffInvite } from "../../src/server/services/staff";
import { verifyPassword } from "../../src/server/auth/password";
import { asCtx, cliCtx, makeStaff, makeUser } from "../helpers/actors";
import { useMemoryLimiter } from "../helpers/limiter";
import { at, inviteLink, live, openStaffSite, signIn, staffEmail, visitor } from "./helpers";

const site = openStaffSite();
beforeEach(() => {
  useMemoryLimiter();
});

const DAY = 86_400_000;
const userByEmail = async (email: string) => (await site.db.select().from(users).where(eq(users.email, email)))[0];

describe("invite, then accept with a new account", () => {
  it("makes an active, verified staff account with the role that must enrol before its first admin page", async () => {
    const email = staffEmail("agent");
    const invite = await inviteStaff(site.owner.ctx, { email: email.toUpperCase(), role: "support" });
    expect(invite).toMatchObject({ email, role: "support", invitedBy: site.owner.email });
    // Seven days (the row's creation time is the database's clock, the expiry the service's).
    expect(Math.abs(invite.expiresAt.getTime() - invite.createdAt.getTime() - 7 * DAY)).toBeLessThan(5000);
    expect((await listStaffInvites(site.owner.ctx)).map((i) => i.id)).toContain(invite.id);
    const { token } = await inviteLink(site.db, email);

    // The page shows the address and the role's name in the reader's words.
    const anon = visitor(site.db);
    expect(await getStaffInvite(anon, token)).toMatchObject({ email, role: "support", roleName: "客服", hasAccount: false, signedInAs: null, signedInAsInvitee: false });
    expect((await getStaffInvite({ ...anon, locale: "en" }, token)).roleName).toBe("Support");

    // A new account needs a password (the project's policy: 8 characters).
    await expect(acceptStaffInvite(anon, { token })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { password: "required" } } });
    await expect(acceptStaffInvite(anon, { token, password: "short" })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { password: "too_short" } } });
    const accepted = await acceptStaffInvite(anon, { token, name: "Agent Smith", password: "agent-pass-123" });
    expect(accepted).toMatchObject({ email, role: "support", created: true });

    const u = (await userByEmail(email))!;
    expect(u).toMatchObject({ id: accepted.userId, role: "ADMIN", staffRole: "support", status: "ACTIVE", secondFactorRequired: true, name: "Agent Smith" });
    expect(u.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(u.passwordHash, "agent-pass-123")).toBe(true);
    const [joined] = await site.db.select().from(auditLogs).where(and(eq(auditLogs.action, "staff.joined"), eq(auditLogs.targetId, u.id)));
    expect(joined).toMatchObject({ actorKind: "user", actorId: u.id, metadata: { role: "support", account: "new", invitedById: site.owner.id } });
    expect(await listStaffInvites(site.owner.ctx)).not.toContainEqual(expect.objectContaining({ id: invite.id }));

    // Signed in: a customer until a second factor exists (requireAdminPage sends them to /account?setup=2fa).
    const browser = await signIn(site.db, u.id);
    const before = (await live(site.db, browser))!;
    expect(before).toMatchObject({ role: "ADMIN", staffRole: "support", twoFactorSetupRequired: true });
    expect(actorOf({ id: u.id, email, name: u.name, role: "ADMIN", twoFactorSetupRequired: true, staffRole: "support" })).toMatchObject({ kind: "user", role: "USER" });

    // What a session gives before any admin right: a signed-in customer.
    const ctx = asCtx(site.db, { kind: "user", userId: u.id, email, role: "USER" });
    const { secret } = await startTwoFactorSetup(ctx);
    await confirmTwoFactorSetup(ctx, { code: await totpCodeAt(secret, new Date()) });
    const after = (await live(site.db, browser))!;
    expect(after.twoFactorSetupRequired).toBe(false);
    const actor = actorOf({ id: u.id, email, name: u.name, role: "ADMIN", twoFactorSetupRequired: false, staffRole: "support" });
    expect(actor).toMatchObject({ kind: "admin", role: "ADMIN", staffRole: "support" });
    expect(actor.permissions?.has("tickets.write")).toBe(true);
    expect(actor.permissions?.has("orders.read")).toBe(false);
  });

  it("the link works once", async () => {
    const email = staffEmail("once");
    await inviteStaff(site.owner.ctx, { email, role: "finance" });
    const { token } = await inviteLink(site.db, email);
    await acceptStaffInvite(visitor(site.db), { token, password: "finance-pass-1" });
    await expect(getStaffInvite(visitor(site.db), token)).rejects.toMatchObject({ code: "NOT_FOUND", reason: "staff_invite_invalid" });
    await expect(acceptStaffInvite(visitor(site.db), { token, password: "finance-pass-2" })).rejects.toMatchObject({ code: "NOT_FOUND", reason: "staff_invite_invalid" });
    expect(await verifyPassword((await userByEmail(email))!.passwordHash, "finance-pass-1")).toBe(true);
  });

  it("an expired link is refused, and so is a revoked one; inviting again replaces the earlier link", async () => {
    const email = staffEmail("late");
    const first = await inviteStaff(site.owner.ctx, { email, role: "operations" });
    const { token: old } = await inviteLink(site.db, email);
    const later = new Date(first.expiresAt.getTime() + 1000);
    await expect(getStaffInvite(at(visitor(site.db), later), old)).rejects.toMatchObject({ reason: "staff_invite_invalid" });
    await expect(acceptStaffInvite(at(visitor(site.db), later), { token: old, password: "late-pass-123" })).rejects.toMatchObject({ reason: "staff_invite_invalid" });

    const second = await inviteStaff(site.owner.ctx, { email, role: "operations" });
    const { token } = await inviteLink(site.db, email);
    expect(token).not.toBe(old);
    await expect(getStaffInvite(visitor(site.db), old)).rejects.toMatchObject({ reason: "staff_invite_invalid" });
    await revokeStaffInvite(site.owner.ctx, second.id);
    await expect(getStaffInvite(visitor(site.db), token)).rejects.toMatchObject({ reason: "staff_invite_invalid" });
    await expect(acceptStaffInvite(visitor(site.db), { token, password: "late-pass-123" })).rejects.toMatchObject({ reason: "staff_invite_invalid" });
    await expect(revokeStaffInvite(site.owner.ctx, second.id)).rejects.toMatchObject({ code: "NOT_FOUND", reason: "staff_invite_not_found" });
    expect(await userByEmail(email)).toBeUndefined();
    const [revoked] = await site.db.select().from(auditLogs).where(and(eq(auditLogs.action, "staff.invite_revoked"), eq(auditLogs.targetId, second.id)));
    expect(revoked?.metadata).toMatchObject({ email, role: "operations" });
  });

  it("unknown tokens are counted per address; a live one gives its count back", async () => {
    const email = staffEmail("guess");
    await inviteStaff(site.owner.ctx, { email, role: "support" });
    const { token } = await inviteLink(site.db, email);
    const guesser = visitor(site.db);
    for (let i = 0; i < 40; i++) await getStaffInvite(guesser, token).catch(() => undefined); // live: never counted
    for (let i = 0; i < 30; i++) await expect(getStaffInvite(guesser, `${"x".repeat(42)}${i % 10}`)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getStaffInvite(guesser, token)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await expect(acceptStaffInvite(guesser, { token, password: "guess-pass-1" })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    // Another address is not held to it.
    expect((await getStaffInvite(visitor(site.db), token)).email).toBe(email);
  });
});

describe("an address that has an account", () => {
  it("must be signed in as that account; accepting promotes it and ends its sessions", async () => {
    const customer = await makeUser(site.db, "USER");
    const other = await makeUser(site.db, "USER");
    await inviteStaff(site.owner.ctx, { email: customer.email, role: "support" });
    const { token } = await inviteLink(site.db, customer.email);

    expect(await getStaffInvite(visitor(site.db), token)).toMatchObject({ hasAccount: true, signedInAsInvitee: false });
    expect(await getStaffInvite(customer.ctx, token)).toMatchObject({ hasAccount: true, signedInAs: customer.email, signedInAsInvitee: true });
    await expect(acceptStaffInvite(visitor(site.db), { token })).rejects.toMatchObject({ code: "UNAUTHENTICATED", reason: "staff_invite_sign_in", details: { email: customer.email } });
    await expect(acceptStaffInvite(other.ctx, { token, password: "hijack-pass-1" })).rejects.toMatchObject({ code: "FORBIDDEN", reason: "staff_invite_sign_in" });
    const [stillUser] = await site.db.select().from(users).where(eq(users.id, customer.id));
    expect(stillUser).toMatchObject({ role: "USER", staffRole: null });

    const browser = await signIn(site.db, customer.id);
    expect(await live(site.db, browser)).not.toBeNull();
    expect(await acceptStaffInvite(customer.ctx, { token })).toMatchObject({ userId: customer.id, role: "support", created: false });
    const [promoted] = await site.db.select().from(users).where(eq(users.id, customer.id));
    expect(promoted).toMatchObject({ role: "ADMIN", staffRole: "support", secondFactorRequired: true, sessionVersion: stillUser!.sessionVersion + 1 });
    // The old session ended; a new one is staff and must enrol first.
    expect(await live(site.db, browser)).toBeNull();
    expect(await live(site.db, await signIn(site.db, customer.id))).toMatchObject({ staffRole: "support", twoFactorSetupRequired: true });
    const [used] = await site.db.select().from(emailTokens).where(and(eq(emailTokens.email, customer.email), eq(emailTokens.purpose, "STAFF_INVITE")));
    expect(used?.usedAt).not.toBeNull();
  });

  it("someone who is staff already is not invited", async () => {
    const staff = await makeStaff(site.db, "finance");
    await expect(inviteStaff(site.owner.ctx, { email: staff.email, role: "support" })).rejects.toMatchObject({ code: "CONFLICT", reason: "staff_already" });
  });
});

describe("the invitation's checks", () => {
  it("needs staff.manage, a role that exists, and a mail server", async () => {
    const support = await makeStaff(site.db, "support");
    await expect(inviteStaff(support.ctx, { email: staffEmail(), role: "support" })).rejects.toMatchObject({ code: "FORBIDDEN", reason: "permission_required", details: { permission: "staff.manage" } });
    await expect(listStaffInvites(support.ctx)).rejects.toMatchObject({ reason: "permission_required" });
    await expect(inviteStaff(site.owner.ctx, { email: staffEmail(), role: "nobody-role" })).rejects.toMatchObject({ code: "VALIDATION", reason: "staff_role_unknown" });
    await expect(inviteStaff(site.owner.ctx, { email: "not an address", role: "support" })).rejects.toMatchObject({ code: "VALIDATION" });
    // The link exists only in the mail: no mail server, no invitation.
    await updateSettings(cliCtx(site.db), { smtpHost: "" });
    try {
      await expect(inviteStaff(site.owner.ctx, { email: staffEmail(), role: "support" })).rejects.toMatchObject({ code: "UNAVAILABLE", reason: "mail_not_configured" });
    } finally {
      await updateSettings(cliCtx(site.db), { smtpHost: "127.0.0.1" });
    }
  });

  it("the link's path is redacted from every log line", () => {
    expect(redactString("GET /staff-invite/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde 200")).toBe("GET /staff-invite/[redacted] 200");
  });
});
