// Who is behind a Telegram chat: the bound account, read in one query by the chat's unique index,
// with what decides what the bot may tell them (status, role, the admin two-factor rule, the risk
// restriction). Db-level helpers of this area: they check no caller and are not exported by index.ts.
import { and, eq, sql } from "drizzle-orm";
import { permissionsOf, type Permission } from "../../auth/permissions";
import { makeCtx, type Actor, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { passkeys, staffRoles, telegramBindings, userTotp, users, type UserStatus } from "../../db/schema";
import { ADMIN_TOTP_REQUIRED } from "../accounts/user-sessions";
import { textLocale, type TextLocale } from "./texts";

export interface ChatIdentity {
  userId: string;
  email: string;
  locale: TextLocale;
  status: UserStatus;
  role: "ADMIN" | "USER";
  /** An active administrator who is not held back by the two-factor enrolment rule: sees operator data. */
  operator: boolean;
  riskRestricted: boolean;
  blockedAt: Date | null;
  /** An operator's staff role and what it may do (issue 29): the bot's admin replies check these like any verb. */
  permissions: ReadonlySet<Permission>;
  staffRole: string | null;
}

export async function identityOfChat(db: Db, chatId: number): Promise<ChatIdentity | null> {
  const [r] = await db
    .select({
      userId: users.id,
      email: users.email,
      locale: users.locale,
      status: users.status,
      role: users.role,
      riskRestrictedAt: users.riskRestrictedAt,
      blockedAt: telegramBindings.blockedAt,
      totpEnabled: sql<boolean>`(${userTotp.enabledAt} is not null)`,
      adminTotpRequired: ADMIN_TOTP_REQUIRED,
      staffRole: users.staffRole,
      secondFactorRequired: users.secondFactorRequired,
      hasPasskey: sql<boolean>`(${users.role} = 'ADMIN' and exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`,
      customPermissions: staffRoles.permissions,
    })
    .from(telegramBindings)
    .innerJoin(users, eq(users.id, telegramBindings.userId))
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .leftJoin(staffRoles, eq(staffRoles.name, users.staffRole))
    .where(eq(telegramBindings.chatId, chatId))
    .limit(1);
  if (!r) return null;
  const active = r.status === "ACTIVE";
  // An administrator who must still enrol in two-factor sign-in acts as a user everywhere else too.
  // Staff invited or created with a role must enrol a second factor (TOTP or a passkey) first.
  const secondFactor = Boolean(r.totpEnabled) || Boolean(r.hasPasskey);
  const operator = active && r.role === "ADMIN" && !((r.adminTotpRequired || r.secondFactorRequired) && !secondFactor);
  return {
    userId: r.userId,
    email: r.email,
    locale: textLocale(r.locale),
    status: r.status,
    role: r.role,
    operator,
    riskRestricted: r.role !== "ADMIN" && r.riskRestrictedAt !== null,
    blockedAt: r.blockedAt,
    staffRole: operator ? r.staffRole : null,
    permissions: operator ? permissionsOf(r.staffRole, r.customPermissions) : new Set(),
  };
}

/** The context the bot acts in for this person: their own account, as a signed-in browser would. */
export function ctxOfIdentity(db: Db, who: ChatIdentity, asOperator = false): Ctx {
  const admin = asOperator && who.operator;
  const actor: Actor = { kind: admin ? "admin" : "user", userId: who.userId, email: who.email, role: admin ? "ADMIN" : "USER", riskRestricted: who.riskRestricted };
  if (admin) Object.assign(actor, { staffRole: who.staffRole ?? undefined, permissions: who.permissions });
  return makeCtx(db, actor, { locale: who.locale });
}

/** Telegram said 403 for this chat (blocked, deactivated): nothing more is queued or sent until /start. */
export async function markChatBlocked(db: Db, chatId: number, userId?: string): Promise<void> {
  const where = userId ? and(eq(telegramBindings.chatId, chatId), eq(telegramBindings.userId, userId)) : eq(telegramBindings.chatId, chatId);
  await db.update(telegramBindings).set({ blockedAt: sql`coalesce(${telegramBindings.blockedAt}, now())` }).where(where);
}

export async function clearChatBlocked(db: Db, chatId: number): Promise<boolean> {
  const r = await db.update(telegramBindings).set({ blockedAt: null }).where(and(eq(telegramBindings.chatId, chatId), sql`${telegramBindings.blockedAt} is not null`)).returning({ userId: telegramBindings.userId });
  return r.length > 0;
}
