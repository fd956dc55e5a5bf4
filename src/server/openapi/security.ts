// Who may call an endpoint, as OpenAPI security schemes. Users and admins share one scheme (the
// next-auth session cookie); which of the two a route demands is stated in `x-relayboard-access`,
// since OpenAPI has no notion of a role.

/** The kinds of caller the routes tell apart (route("anonymous" | "user" | "admin"), agentRoute...). */
export const ACCESS_KINDS = ["public", "user", "admin", "agent", "metrics", "gateway", "token"] as const;
export type Access = (typeof ACCESS_KINDS)[number];

export const securitySchemes = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    // `__Secure-next-auth.session-token` when the site is served over HTTPS.
    name: "next-auth.session-token",
    description: "The next-auth session cookie set by POST /api/auth/callback/credentials. Admin-only routes also need the ADMIN role and the staff permission their `x-permission` names.",
  },
  agentToken: {
    type: "http",
    scheme: "bearer",
    description: "A node's agent token (shown once when the node is created or its token rotated; stored only as a keyed hash).",
  },
  metricsToken: {
    type: "http",
    scheme: "bearer",
    description: "The Prometheus scrape token an admin sets in the settings (the endpoint answers 404 while none is set).",
  },
  apiToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "rb_<8 hex>_<43 base64url>",
    description: "An API token an admin creates (Admin > API tokens, or `relayboard apitoken create`), shown once. Each operation lists the scope it needs; a token without it gets 403 token_scope_required.",
  },
} as const;

export type SecuritySchemeName = keyof typeof securitySchemes;

/**
 * The security requirement of an operation; an empty list means no credentials at all. An API token
 * route names its scope in the requirement (OpenAPI 3.1 allows role names for non-OAuth schemes).
 */
export function securityOf(access: Access, scope?: string): Record<string, string[]>[] {
  switch (access) {
    case "token":
      return [{ apiToken: scope ? [scope] : [] }];
    case "user":
    case "admin":
      return [{ sessionCookie: [] }];
    case "agent":
      return [{ agentToken: [] }];
    case "metrics":
      return [{ metricsToken: [] }];
    // Gateways prove themselves with the signature inside the notify, not with a credential.
    case "public":
    case "gateway":
      return [];
  }
}
