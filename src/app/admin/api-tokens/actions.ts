"use server";
// API tokens: thin wrappers over the verbs the CLI uses; admins only (the wrapper and every verb check).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { createApiToken, revokeApiToken } from "@/server/services/api-tokens";

const OPTS = { revalidate: ["/admin/api-tokens"], permission: "apiTokens.manage" as const };

/** `{ name, scopes: string[], expiresAt?: ISO string | null }` -> `{ id, token }`: the token is in this answer only. */
export async function createApiTokenAction(...a: [input: { name: string; scopes: string[]; expiresAt?: string | null }]) {
  return runAction(args(["input", fields]), a, (ctx, [input]) => createApiToken(ctx, input), OPTS);
}

export async function revokeApiTokenAction(...a: [id: string]) {
  return runAction(args(["id", str]), a, (ctx, [id]) => revokeApiToken(ctx, id), OPTS);
}
