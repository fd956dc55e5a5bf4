import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, type User } from "../../db/schema";
import { notFound } from "../../errors";
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

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return u;
}

export async function getUserOrThrow(db: Db, id: string): Promise<User> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound("User");
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!u) throw notFound("User");
  return u;
}

export async function getPublicUser(db: Db, id: string): Promise<PublicUser> {
  const u = await getUserOrThrow(db, id);
  return Object.fromEntries(Object.keys(publicUserColumns).map((k) => [k, u[k as keyof User]])) as PublicUser;
}

/** The per-request session check: one primary-key lookup. */
export async function getSessionState(db: Db, id: string) {
  const [u] = await db.select({ status: users.status, sessionVersion: users.sessionVersion, role: users.role, email: users.email, name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return u;
}

export async function listUsers(db: Db, raw: unknown) {
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
    db.select(publicUserColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(input.pageSize).offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total), page: input.page, pageSize: input.pageSize };
}

/** Counts for the admin dashboard in one grouped query. */
export async function countUsers(db: Db): Promise<{ total: number; admins: number; byStatus: Record<string, number> }> {
  const rows = await db.select({ role: users.role, status: users.status, n: count() }).from(users).groupBy(users.role, users.status);
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
