// The admin reference page's view of the document: plain rows (no $ref, no JSON Schema) grouped by
// tag, read from the built document itself so the page shows exactly what /api/openapi.json says.
import type { OpenApiDocument } from "./build";
import { ACCESS_KINDS, type Access } from "./security";

type Json = Record<string, unknown>;

export interface FieldRow {
  name: string;
  /** path | query | header for parameters; body for body fields. */
  in: string;
  required: boolean;
  /** Short type text: "string (uuid)", "integer 1..100", "telecom | unicom | mobile"... */
  type: string;
  description?: string;
}

export interface EndpointRow {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  access: Access;
  /** Public, but a session is used when sent (security lists `{}` beside the cookie). */
  sessionOptional: boolean;
  parameters: FieldRow[];
  bodyType?: string;
  bodyFields: FieldRow[];
  responses: { status: string; description: string; contentTypes: string[] }[];
}

export interface TagGroup {
  tag: string;
  endpoints: EndpointRow[];
}

function deref(doc: OpenApiDocument, node: unknown): Json {
  let n = node as Json | undefined;
  for (let i = 0; n && typeof n.$ref === "string" && i < 10; i++) {
    n = n.$ref
      .slice(2)
      .split("/")
      .reduce<unknown>((o, k) => (o as Json | undefined)?.[k], doc) as Json | undefined;
  }
  return n ?? {};
}

const range = (lo: unknown, hi: unknown, unit = "") => (lo === undefined && hi === undefined ? "" : ` ${lo ?? ""}..${hi ?? ""}${unit}`);

/** A one-line description of a JSON Schema node, for people. */
export function typeText(doc: OpenApiDocument, raw: unknown): string {
  const s = deref(doc, raw);
  const def = s.default !== undefined ? `, default ${JSON.stringify(s.default)}` : "";
  if (Array.isArray(s.enum)) return `${s.enum.map(String).join(" | ")}${def}`;
  if ("const" in s) return JSON.stringify(s.const);
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(s[key])) return [...new Set((s[key] as unknown[]).map((x) => typeText(doc, x)))].join(" | ");
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).join(" | ") : String(s.type ?? "any");
  if (type === "array") return `${typeText(doc, s.items)}[]${s.maxItems !== undefined ? ` (≤ ${String(s.maxItems)})` : ""}`;
  const format = typeof s.format === "string" ? ` (${s.format})` : typeof s.contentMediaType === "string" ? " (file)" : "";
  const bounds = type.includes("string") ? range(s.minLength, s.maxLength, " chars") : range(s.minimum, s.maximum);
  return `${type}${format}${bounds}${def}`;
}

/** Top-level fields of a body schema (its allOf parts merged; a union lists each variant's fields once). */
function bodyFields(doc: OpenApiDocument, raw: unknown): FieldRow[] {
  const s = deref(doc, raw);
  const parts = [s, ...((s.allOf as unknown[] | undefined) ?? []).map((p) => deref(doc, p)), ...((s.anyOf as unknown[] | undefined) ?? []).map((p) => deref(doc, p))];
  const rows = new Map<string, FieldRow>();
  for (const part of parts) {
    const required = new Set((part.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((part.properties as Json | undefined) ?? {})) {
      const type = typeText(doc, prop);
      const prev = rows.get(name);
      if (prev && prev.type !== type) prev.type = `${prev.type} | ${type}`;
      else if (!prev) rows.set(name, { name, in: "body", required: required.has(name), type, description: deref(doc, prop).description as string | undefined });
    }
  }
  return [...rows.values()];
}

export function referenceGroups(doc: OpenApiDocument): TagGroup[] {
  const groups = new Map<string, EndpointRow[]>(((doc.tags as { name: string }[] | undefined) ?? []).map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as Json;
      const access = ACCESS_KINDS.find((a) => a === op["x-relayboard-access"]) ?? "public";
      const content = (deref(doc, op.requestBody).content as Json | undefined) ?? {};
      const [bodyType, body] = Object.entries(content)[0] ?? [];
      const row: EndpointRow = {
        id: String(op.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ""),
        description: op.description as string | undefined,
        access,
        sessionOptional: access === "public" && Array.isArray(op.security) && (op.security as Json[]).some((s) => "sessionCookie" in s),
        parameters: ((op.parameters as Json[] | undefined) ?? []).map((p) => ({ name: String(p.name), in: String(p.in), required: p.required === true, type: typeText(doc, p.schema), description: p.description as string | undefined })),
        bodyType,
        bodyFields: body ? bodyFields(doc, (body as Json).schema) : [],
        responses: Object.entries((op.responses as Json | undefined) ?? {}).map(([status, r]) => {
          const resp = deref(doc, r);
          return { status, description: String(resp.description ?? ""), contentTypes: Object.keys((resp.content as Json | undefined) ?? {}) };
        }),
      };
      const tag = ((op.tags as string[] | undefined) ?? ["Other"])[0]!;
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push(row);
    }
  }
  return [...groups].filter(([, e]) => e.length).map(([tag, endpoints]) => ({ tag, endpoints }));
}
