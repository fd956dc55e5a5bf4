// A caller as the transports see it, built the way a request builds it: next-auth's jwt callback
// (which reads the user row), its session callback, then actorOf. Test files that call Server
// Actions or Route Handlers mock requestCtx to answer `caller.ctx`.
import { eq } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import { authOptions } from "../../src/server/auth/options";
import { actorOf, type SessionUser } from "../../src/server/auth/session";
import { makeCtx, type Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema";
import { freshIp } from "../helpers/actors";
import { jwt } from "../helpers/next-auth";

type SessionCallback = (p: { session: object; token: JWT }) => Promise<{ user: unknown }>;
const sessionCallback = authOptions().callbacks!.session as unknown as SessionCallback;

/** What a page or transport gets from this cookie's next request. */
export async function sessionUserOf(token: JWT): Promise<SessionUser> {
  const read = await jwt({ token });
  return (await sessionCallback({ session: { expires: "" }, token: read })).user as SessionUser;
}

export async function requestCtxOf(db: Db, token: JWT): Promise<Ctx> {
  return makeCtx(db, actorOf(await sessionUserOf(token)), { ip: freshIp(), locale: "en" });
}

/** What helper A's "send report" and "release" do to the account, without the risk event around it. */
export async function setRestricted(db: Db, userId: string, at: Date | null): Promise<void> {
  await db.update(users).set({ riskRestrictedAt: at }).where(eq(users.id, userId));
}

export const RESTRICTED = { code: "FORBIDDEN", details: { reason: "account_risk_restricted" } } as const;

/** True when an action result or thrown error is the restriction refusal. */
export function isRestrictionRefusal(r: unknown): boolean {
  const e = (r as { ok?: boolean; error?: { code?: string; details?: { reason?: string } } }).error;
  return (r as { ok?: boolean }).ok === false && e?.code === "FORBIDDEN" && e.details?.reason === "account_risk_restricted";
}
