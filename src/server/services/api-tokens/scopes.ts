// What an API token may do. Each scope opens exactly the admin verbs that declare it
// (requireAdmin(ctx, scope) in src/server/context.ts); every other admin verb refuses a token.
// The people-facing meanings are in messages/<locale>/api-tokens.json (`adminApiTokens.scopes`);
// the English one-liners here are for the CLI's help and the OpenAPI document.
import type { Permission } from "../../auth/permissions";

export const API_SCOPES = ["read:users", "read:orders", "read:subscriptions", "write:subscriptions"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const SCOPE_SUMMARIES: Record<ApiScope, string> = {
  "read:users": "List users and read one user (GET /api/v1/users, /api/v1/users/{id}).",
  "read:orders": "List orders (GET /api/v1/orders).",
  "read:subscriptions": "List subscriptions (GET /api/v1/subscriptions).",
  "write:subscriptions": "Suspend, activate and grant subscriptions (POST /api/v1/subscriptions/...).",
};

/** The staff permission each scope stands for (issue 29): what the verbs it opens check for a person. */
export const SCOPE_PERMISSION: Record<ApiScope, Permission> = {
  "read:users": "users.read",
  "read:orders": "orders.read",
  "read:subscriptions": "subscriptions.read",
  "write:subscriptions": "subscriptions.suspend",
};

export const isApiScope = (v: unknown): v is ApiScope => typeof v === "string" && (API_SCOPES as readonly string[]).includes(v);

/** The message key of a scope (next-intl nests on dots; colons are kept out of keys like the label catalogue does). */
export const scopeKey = (scope: ApiScope): string => scope.replace(/[.:]/g, "_");
