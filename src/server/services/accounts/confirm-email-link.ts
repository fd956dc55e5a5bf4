import { and, eq, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { isUniqueViolation } from "../../db/pg-errors";
import { pendingRegistrations, users } from "../../db/schema";
import { validationError } from "../../errors";
import { limitTokenAttemptIp } from "../../rate-limit/policies";
import { recordAudit } from "../audit";
import { emailTaken } from "./email-taken";
import { parseInput, TokenInput } from "./inputs";
import { consumeEmailToken } from "./tokens";
import type { SignedInUser } from "../../auth/session-cookie";
import { publishEvent } from "../events/publish";

export type EmailLinkOutcome = "verified" | "registered" | "email_changed";
export interface EmailLinkResult {
  outcome: EmailLinkOutcome;
  email: string;
  /** The account the link proved the mailbox of, for a new session (not for an email change). */
  account?: SignedInUser;
}
const ACCOUNT = { id: users.id, email: users.email, name: users.name, role: users.role, sessionVersion: users.sessionVersion };

/** The /verify-email link: verifies a base-edition account, creates a wallet-edition account, or applies an email change. */
export async function confirmEmailLink(ctx: Ctx, raw: unknown): Promise<EmailLinkResult> {
  const { token } = parseInput(TokenInput, raw);
  await limitTokenAttemptIp(ctx.ip);
  const invalid = () => validationError("invalid_link");
  try {
    return await ctx.db.transaction(async (tx) => {
      const t = await consumeEmailToken(tx, token, ["VERIFY_EMAIL", "REGISTER", "CHANGE_EMAIL"], ctx.now());
      if (!t) throw invalid();
      if (t.purpose === "VERIFY_EMAIL") {
        const [u] = await tx
          .update(users)
          .set({ status: "ACTIVE", emailVerifiedAt: ctx.now(), updatedAt: ctx.now() })
          .where(and(eq(users.id, t.userId!), eq(users.status, "PENDING_EMAIL")))
          .returning(ACCOUNT);
        if (!u) throw invalid();
        await recordAudit({ ...ctx, actor: { kind: "user", userId: u.id, email: u.email } }, { action: "user.verify_email", targetType: "user", targetId: u.id }, tx);
        return { outcome: "verified" as const, email: u.email, account: u };
      }
      if (t.purpose === "REGISTER") {
        const [p] = await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, t.email)).returning();
        if (!p) throw invalid();
        const [u] = await tx
          .insert(users)
          .values({ email: p.email, passwordHash: p.passwordHash, name: p.name, invitedById: p.invitedById, locale: p.locale, status: "ACTIVE", emailVerifiedAt: ctx.now() })
          .returning(ACCOUNT);
        await recordAudit({ ...ctx, actor: { kind: "user", userId: u!.id, email: u!.email } }, { action: "user.register", targetType: "user", targetId: u!.id, metadata: { via: "pending_registration" } }, tx);
        await publishEvent(tx, "user.registered", { userId: u!.id, email: u!.email, locale: p.locale, status: "ACTIVE", invited: Boolean(p.invitedById) });
        return { outcome: "registered" as const, email: u!.email, account: u! };
      }
      const newEmail = String(t.payload.newEmail ?? "");
      const [u] = await tx
        .update(users)
        .set({ email: newEmail, emailVerifiedAt: ctx.now(), updatedAt: ctx.now(), sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(eq(users.id, t.userId!))
        .returning({ id: users.id, email: users.email });
      if (!u) throw invalid();
      await recordAudit({ ...ctx, actor: { kind: "user", userId: u.id, email: u.email } }, { action: "user.change_email", targetType: "user", targetId: u.id, metadata: { from: t.email, to: newEmail } }, tx);
      return { outcome: "email_changed" as const, email: u.email };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
