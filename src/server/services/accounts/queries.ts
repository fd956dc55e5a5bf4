import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { requireAdmin, requireUser, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { users, type User } from "../../db/schema";
import { notFound } from "../../errors";
import { isUuid } from "../../uuid";
import { ListUsersInput, parseInput } from "./inputs";

export type PublicUser = Pick<User, "id" | "email" | "name" | "role" | "status" | "inviteCode" | "locale" | "emailVerifiedAt" | "lastLoginAt" | "createdAt">;

export const publicUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  status: users.status,
  inviteCode: users.inviteCode,
  locale: users.locale,
  emailVerifiedAt: users.emailVerifiedAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

// Db-based helpers for the verbs of this area; not exported from index.ts (they check no caller).

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return u;
}

export async function getUserOrThrow(db: Db, id: string): Promise<User> {
  if (!isUuid(id)) throw notFound("user");
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!u) throw notFound("user");
  return u;
}

const publicUserOf = (u: User) => Object.fromEntries(Object.keys(publicUserColumns).map((k) => [k, u[k as keyof User]])) as PublicUser;

export async function getPublicUser(db: Db, id: string): Promise<PublicUser> {
  return publicUserOf(await getUserOrThrow(db, id));
}

// Read verbs: each checks its caller like the writes do, whichever transport calls it.

/** The signed-in user's own account (dashboard, account page). */
export async function getOwnAccount(ctx: Ctx): Promise<PublicUser> {
  const { userId } = requireUser(ctx);
  return getPublicUser(ctx.db, userId);
}

/** An account by its email address, for admin tools (the CLI names users by email). */
export async function getUserByEmail(ctx: Ctx, email: unknown): Promise<PublicUser> {
  requireAdmin(ctx, "users.read");
  // Not validated as an address: anything that is not a stored email is simply not found.
  const u = typeof email === "string" ? await findUserByEmail(ctx.db, email) : undefined;
  if (!u) throw notFound("user");
  return publicUserOf(u);
}

/** One account by id, for admin tools and the API (`read:users`). */
export async function getUserAdmin(ctx: Ctx, id: unknown): Promise<PublicUser> {
  requireAdmin(ctx, "users.read", "read:users");
  return getPublicUser(ctx.db, typeof id === "string" ? id : "");
}

export async function listUsers(ctx: Ctx, raw: unknown) {
  requireAdmin(ctx, "users.read", "read:users");
  const input = parseInput(ListUsersInput, raw ?? {});
  const conds: SQL[] = [];
  if (input.q) {
    const like = `%${input.q.replace(/[%_\\]/g, (c) => "\\" + c)}%`;
    conds.push(or(ilike(users.email, like), ilike(users.name, like))!);
  }
  if (input.role) conds.push(eq(users.role, input.role));
  if (input.status) conds.push(eq(users.status, input.status));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select(publicUserColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(input.pageSize).offset((input.page - 1) * input.pageSize),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total), page: input.page, pageSize: input.pageSize };
}

/** Counts for the admin dashboard in one grouped query. */
export async function countUsers(ctx: Ctx): Promise<{ total: number; admins: number; byStatus: Record<string, number> }> {
  requireAdmin(ctx, "users.read");
  const rows = await ctx.db.select({ role: users.role, status: users.status, n: count() }).from(users).groupBy(users.role, users.status);
  const byStatus: Record<string, number> = {};
  let total = 0;
  let admins = 0;
  for (const r of rows) {
    const n = Number(r.n);
    total += n;
    if (r.role === "ADMIN") admins += n;
    byStatus[r.status] = (byStatus[r.status] ?? 0) + n;
  }
  return { total, admins, byStatus };
}
