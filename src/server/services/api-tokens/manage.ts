// Admin verbs on API tokens: create (the token is returned this once), list (never the token or its
// hash), revoke. Admins and the operator CLI only: requireAdmin without a scope, so a token can never
// mint or revoke tokens, whatever scopes it holds.
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { apiTokens, users } from "../../db/schema";
import { conflict, DomainError, validationError } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { API_SCOPES, isApiScope, SCOPE_PERMISSION, type ApiScope } from "./scopes";
import { displayPrefix, newApiToken } from "./token";

/** A form or the CLI sends "a,b"; a program sends an array. Stored once each, in the list's order. */
const Scopes = z
  .preprocess((v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v), z.array(z.enum(API_SCOPES)).min(1).max(20))
  .transform((given) => API_SCOPES.filter((s) => given.includes(s)));

export const CreateApiTokenInput = z.object({
  name: z.string().trim().min(1).max(80),
  scopes: Scopes,
  /** ISO date-time; empty or absent: the token does not expire. */
  expiresAt: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.date().optional()),
});

const missing = () => new DomainError("NOT_FOUND", "api_token_not_found");

export async function createApiToken(ctx: Ctx, raw: unknown): Promise<{ id: string; token: string }> {
  requireAdmin(ctx, "apiTokens.manage");
  const input = parseInput(CreateApiTokenInput, raw);
  // No escalation through a token (issue 29): each scope needs the permission it stands for.
  for (const scope of input.scopes) requireAdmin(ctx, SCOPE_PERMISSION[scope]);
  const now = ctx.now();
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) throw validationError("api_token_expiry_past", { fields: { expiresAt: "invalid" } });
  const { token, prefix, hash } = newApiToken();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({ name: input.name, tokenHash: hash, prefix, scopes: input.scopes, expiresAt: input.expiresAt ?? null, createdBy: ctx.actor.userId ?? null, createdAt: now })
      .returning({ id: apiTokens.id });
    // The prefix names the token in the log; the token and its hash never go there.
    const metadata = { name: input.name, prefix: displayPrefix(prefix), scopes: input.scopes, expiresAt: input.expiresAt?.toISOString() ?? null };
    await recordAudit(ctx, { action: "admin.api_token.create", targetType: "api_token", targetId: row!.id, metadata }, tx);
    return row!.id;
  });
  return { id, token };
}

export type ApiTokenState = "active" | "expired" | "revoked";

export interface ApiTokenRow {
  id: string;
  name: string;
  /** `rb_<8 hex>`: how the token begins. */
  prefix: string;
  scopes: ApiScope[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
  createdBy: { id: string; email: string } | null;
  state: ApiTokenState;
}

export const tokenState = (t: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiTokenState =>
  t.revokedAt ? "revoked" : t.expiresAt && t.expiresAt.getTime() <= now.getTime() ? "expired" : "active";

/** Newest first. An instance holds a handful of integrations, so the list is not paged. */
export async function listApiTokens(ctx: Ctx): Promise<ApiTokenRow[]> {
  requireAdmin(ctx, "apiTokens.manage");
  const rows = await ctx.db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      createdAt: apiTokens.createdAt,
      creatorId: users.id,
      creatorEmail: users.email,
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  const now = ctx.now();
  return rows.map(({ creatorId, creatorEmail, ...r }) => ({
    ...r,
    prefix: displayPrefix(r.prefix),
    scopes: r.scopes.filter(isApiScope),
    createdBy: creatorId && creatorEmail ? { id: creatorId, email: creatorEmail } : null,
    state: tokenState(r, now),
  }));
}

/** Stops the token at once (the next request is a 401). Revoking twice is a conflict, not a second audit row. */
export async function revokeApiToken(ctx: Ctx, id: string): Promise<{ id: string; revokedAt: Date }> {
  requireAdmin(ctx, "apiTokens.manage");
  if (typeof id !== "string" || !isUuid(id)) throw missing();
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ name: apiTokens.name, prefix: apiTokens.prefix });
    if (!done) {
      const [row] = await tx.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.id, id));
      throw row ? conflict("api_token_already_revoked") : missing();
    }
    await recordAudit(ctx, { action: "admin.api_token.revoke", targetType: "api_token", targetId: id, metadata: { name: done.name, prefix: displayPrefix(done.prefix) } }, tx);
    return { id, revokedAt: now };
  });
}
