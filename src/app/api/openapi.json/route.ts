import { openApiJson } from "@/server/openapi";

/**
 * The OpenAPI 3.1 document of every endpoint. Public on purpose: it holds shapes and rules only (no
 * setting, no secret, nothing the source does not show), agents and other machine clients need it
 * without a browser session, and each endpoint enforces its own access whatever the document says.
 */
export function GET() {
  return new Response(openApiJson(), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300", "x-content-type-options": "nosniff" },
  });
}
