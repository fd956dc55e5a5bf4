import { randomBytes } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { hashPassword } from "../../auth/password";
import { users } from "../../db/schema";
import { recordAudit } from "../audit";
import { EmailInput, parseInput, PasswordInput } from "./inputs";

const BOOTSTRAP_LOCK = 727_003; // advisory lock key, constant across releases

/**
 * First start: when no admin exists, create one from ADMIN_EMAIL/ADMIN_PASSWORD, or generate
 * credentials and return them so the caller prints them once. Later starts do nothing.
 */
export async function bootstrapAdmin(ctx: Ctx, opts: { email?: string; password?: string }): Promise<{ created: false } | { created: true; email: string; generatedPassword?: string }> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(users).where(eq(users.role, "ADMIN"));
  if (Number(n) > 0) return { created: false };
  const email = parseInput(EmailInput, opts.email ?? "admin@relayboard.local");
  const generated = opts.password ? undefined : randomBytes(12).toString("base64url");
  const password = parseInput(PasswordInput, opts.password ?? generated);
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    // Several instances may start together (migrations are locked, this step was not): serialize
    // so the others see the new admin instead of failing on the unique email.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    const [again] = await tx.select({ n: count() }).from(users).where(eq(users.role, "ADMIN"));
    if (Number(again!.n) > 0) return { created: false as const };
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    const id = existing
      ? (await tx.update(users).set({ role: "ADMIN", staffRole: "owner", status: "ACTIVE", passwordHash }).where(eq(users.id, existing.id)).returning({ id: users.id }))[0]!.id
      : (await tx.insert(users).values({ email, passwordHash, name: "Admin", role: "ADMIN", staffRole: "owner", status: "ACTIVE", emailVerifiedAt: ctx.now() }).returning({ id: users.id }))[0]!.id;
    await recordAudit(ctx, { action: "system.bootstrap_admin", targetType: "user", targetId: id, metadata: { email, generated: Boolean(generated) } }, tx);
    return { created: true as const, email, generatedPassword: generated };
  });
}
