// Session guards for pages, actions and routes. Each entry point checks its caller itself.
import { getServerSession } from "next-auth";
import { cookies, headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { makeCtx, type Actor, type Ctx } from "../context";
import { getDb } from "../db/client";
import { negotiateLocale, PATH_HEADER, requestMeta } from "../http/request-meta";
import { authOptions } from "./options";
import { loginPathFor } from "./safe-redirect";
import { permissionsOf, type Permission } from "./permissions";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: "ADMIN" | "USER";
  /** This browser's session row (user_sessions.id). */
  sid?: string;
  /** An administrator who must enrol in two-factor sign-in before using admin rights (setting require2faForAdmins). */
  twoFactorSetupRequired?: boolean;
  /** When a risk report restricted this account (ISO time); absent when not restricted, and for admins. */
  riskRestrictedAt?: string;
  /** Staff who must sign in with a passkey (setting staffPasskeyRequired) and signed in with a password. */
  passkeySignInRequired?: boolean;
  /** Staff (issue 29): the role's name, and a custom role's permissions (built-in ones are resolved in code). */
  staffRole?: string;
  customPermissions?: string[];
}

/**
 * The signed-in user, checked against the session row once per request: a page render asks from
 * its layout guard, its page guard and requestCtx(), and React's cache makes that one query.
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const s = await getServerSession(authOptions());
  const u = s?.user as SessionUser | undefined;
  return u?.id ? u : null;
});

/**
 * The caller as services see it. An administrator who still has to enrol in two-factor sign-in acts
 * as a plain user until then, so no admin page, route or action is open to a password alone.
 */
export function actorOf(u: SessionUser | null): Actor {
  if (!u) return { kind: "anonymous" };
  const admin = u.role === "ADMIN" && !u.twoFactorSetupRequired && !u.passkeySignInRequired;
  const actor: Actor = { kind: admin ? "admin" : "user", userId: u.id, email: u.email, role: admin ? "ADMIN" : "USER", sessionId: u.sid };
  if (admin) {
    actor.staffRole = u.staffRole;
    actor.permissions = permissionsOf(u.staffRole, u.customPermissions);
  }
  // Admin accounts are never held to the user-side risk restriction.
  if (u.riskRestrictedAt && u.role !== "ADMIN") actor.riskRestricted = true;
  return actor;
}

/** The context of the current request: caller from the session, IP and request id from the server. */
export async function requestCtx(): Promise<Ctx> {
  const [h, c, u] = await Promise.all([headers(), cookies(), getSessionUser()]);
  const meta = requestMeta(h);
  return makeCtx(getDb(), actorOf(u), { ...meta, locale: negotiateLocale(c.get("NEXT_LOCALE")?.value, h.get("accept-language")) });
}

export async function requireUserPage(): Promise<SessionUser> {
  const u = await getSessionUser();
  // Back to the page asked for after logging in (a same-site path only, see safe-redirect.ts).
  if (!u) redirect(loginPathFor((await headers()).get(PATH_HEADER)));
  return u;
}

/**
 * An admin page: customers go to their dashboard, staff who must still enrol a second factor or sign
 * in with a passkey go to their account page. With `permission`, a role without it gets the admin
 * area's "no access" page with status 403 (forbidden(), app/admin/forbidden.tsx), never the content.
 */
export async function requireAdminPage(permission?: Permission): Promise<SessionUser> {
  const u = await requireUserPage();
  if (u.role !== "ADMIN") redirect("/dashboard");
  if (u.twoFactorSetupRequired) redirect("/account?setup=2fa");
  if (u.passkeySignInRequired) redirect("/account?setup=passkey");
  if (permission && !permissionsOf(u.staffRole, u.customPermissions).has(permission)) forbidden();
  return u;
}

/** The signed-in staff member's permissions (empty for anyone else): for menus and pages that show or hide a part. */
export async function myPermissions(): Promise<ReadonlySet<Permission>> {
  const a = actorOf(await getSessionUser());
  return a.permissions ?? new Set();
}
