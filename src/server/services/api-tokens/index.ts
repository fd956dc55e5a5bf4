// The API tokens area: admin verbs (create, list, revoke) and the bearer check of /api/v1/.
export { API_SCOPES, SCOPE_SUMMARIES, isApiScope, scopeKey, type ApiScope } from "./scopes";
export { createApiToken, listApiTokens, revokeApiToken, CreateApiTokenInput, type ApiTokenRow, type ApiTokenState } from "./manage";
export { authenticateApiToken, LAST_USED_RESOLUTION_MS } from "./authenticate";
