// Builds the OpenAPI 3.1 document from the route registry and the services' zod schemas
// (z.toJSONSchema, JSON Schema 2020-12 as OpenAPI 3.1 uses it). Built once per process: the input
// is code, so the document only changes with a deploy.
import { z } from "zod";
import pkg from "../../../package.json";
import type { Permission } from "../auth/permissions";
import { SCOPE_PERMISSION } from "../services/api-tokens/scopes";
import { ERROR_RESPONSES, ErrorBody, type ErrorStatus } from "./error-body";
import { ROUTES } from "./routes";
import { securityOf, securitySchemes } from "./security";
import type { RouteDoc } from "./types";

type Json = Record<string, unknown>;
export type OpenApiDocument = Json & { openapi: string; paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json>; responses: Record<string, Json>; securitySchemes: Json } };

// "input": what a caller sends (defaults optional, before transforms). A refine or transform has
// no JSON Schema form and is left out rather than failing the build.
const CONVERT = { io: "input", unrepresentable: "any", target: "draft-2020-12" } as const;

function jsonSchemaOf(schema: z.ZodType): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, CONVERT) as Json;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The named request/response schemas, each converted once (one schema may serve several routes). */
function componentSchemas(routes: readonly RouteDoc[]): Record<string, Json> {
  const out: Record<string, Json> = { ErrorBody: jsonSchemaOf(ErrorBody) };
  const seen = new Map<string, z.ZodType>();
  for (const r of routes) {
    for (const named of [r.body?.schema, r.success.schema]) {
      if (!named) continue;
      const prev = seen.get(named.name);
      if (prev && prev !== named.schema) throw new Error(`OpenAPI: two different schemas are named ${named.name}`);
      seen.set(named.name, named.schema);
      out[named.name] = jsonSchemaOf(named.schema);
    }
  }
  return out;
}

function errorResponses(): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [status, { name, description }] of Object.entries(ERROR_RESPONSES)) {
    out[name] = {
      description,
      ...(status === "429" ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } } : {}),
      content: { "application/json": { schema: ref("ErrorBody") } },
    };
  }
  return out;
}

function parameters(r: RouteDoc): Json[] {
  const out: Json[] = [];
  for (const [name, p] of Object.entries(r.pathParams ?? {})) out.push({ name, in: "path", required: true, description: p.description, schema: jsonSchemaOf(p.schema) });
  if (r.query) {
    const q = jsonSchemaOf(r.query) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      const { description, ...rest } = schema;
      out.push({ name, in: "query", required: q.required?.includes(name) ?? false, ...(description ? { description } : {}), schema: rest });
    }
  }
  for (const h of r.headers ?? []) out.push({ name: h.name, in: "header", required: h.required ?? false, description: h.description, schema: jsonSchemaOf(h.schema) });
  return out;
}

function requestBody(r: RouteDoc): Json | undefined {
  if (!r.body) return undefined;
  const { contentType, schema, files } = r.body;
  const fileField = files && {
    type: "object",
    properties: { [files.field]: { type: "array", maxItems: files.maxItems, description: `Images, each at most ${files.maxBytesEach} bytes.`, items: { type: "string", contentMediaType: "application/octet-stream" } } },
  };
  return { required: true, content: { [contentType]: { schema: fileField ? { allOf: [ref(schema.name), fileField] } : ref(schema.name) } } };
}

/**
 * The staff permission an admin endpoint needs (issue 29): an admin route's own (the registry must
 * name it), a token route's the one its scope stands for. Nothing for any other endpoint.
 */
export function permissionOf(r: RouteDoc): Permission | undefined {
  if (r.access === "admin") {
    if (!r.permission) throw new Error(`OpenAPI: ${r.method.toUpperCase()} ${r.path} is an admin route without its permission`);
    return r.permission;
  }
  if (r.access === "token") {
    if (!r.scope) throw new Error(`OpenAPI: ${r.method.toUpperCase()} ${r.path} is a token route without its scope`);
    return SCOPE_PERMISSION[r.scope];
  }
  return undefined;
}

/** The operation's description with a sentence naming its permission, for people reading the document. */
function describedWith(r: RouteDoc, permission: Permission | undefined): string | undefined {
  if (!permission) return r.description;
  const sentence =
    r.access === "token"
      ? `Permission: \`${permission}\` (the staff permission the \`${r.scope}\` scope stands for).`
      : `Permission: \`${permission}\` (a staff role without it gets 403 permission_required).`;
  return r.description ? `${r.description} ${sentence}` : sentence;
}

function operation(r: RouteDoc): Json {
  const success = r.success;
  const types = success.contentTypes ?? ["application/json"];
  const responses: Json = {
    [String(success.status)]: {
      description: success.description,
      content: Object.fromEntries(types.map((t) => [t, success.schema ? { schema: ref(success.schema.name) } : {}])),
    },
  };
  for (const status of [...r.errors].sort((a, b) => a - b)) responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status as ErrorStatus].name}` };
  const params = parameters(r);
  const body = requestBody(r);
  const permission = permissionOf(r);
  const description = describedWith(r, permission);
  return {
    operationId: `${r.method}${r.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: r.summary,
    ...(description ? { description } : {}),
    tags: [r.tag],
    // `{}` first: no credentials at all is one accepted way.
    security: r.sessionOptional ? [{}, { sessionCookie: [] }] : securityOf(r.access, r.scope),
    "x-relayboard-access": r.access,
    ...(r.scope ? { "x-relayboard-scope": r.scope } : {}),
    ...(permission ? { "x-permission": permission } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

export function buildOpenApiDocument(routes: readonly RouteDoc[] = ROUTES): OpenApiDocument {
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of routes) {
    const item = (paths[r.path] ??= {});
    if (item[r.method]) throw new Error(`OpenAPI: ${r.method.toUpperCase()} ${r.path} is registered twice`);
    item[r.method] = operation(r);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Relayboard API",
      version: pkg.version,
      description: "Every HTTP endpoint of Relayboard. Errors answer { error: { code, message, details } } with `message` in the caller's language; summaries are English.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: { schemas: componentSchemas(routes), responses: errorResponses(), securitySchemes: securitySchemes as unknown as Json },
  };
}

let cached: { doc: OpenApiDocument; json: string } | undefined;

/** The document of this process, built on first use. */
export function openApiDocument(): OpenApiDocument {
  cached ??= (() => {
    const doc = buildOpenApiDocument();
    return { doc, json: JSON.stringify(doc) };
  })();
  return cached.doc;
}

/** The same document serialized once, for GET /api/openapi.json. */
export function openApiJson(): string {
  openApiDocument();
  return cached!.json;
}
