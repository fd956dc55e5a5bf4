// A deliberately small JSON Schema checker for the tests: the keywords z.toJSONSchema emits for our
// request schemas (type, properties, required, enum, const, lengths, bounds, items, anyOf, oneOf,
// allOf, $ref into the document). Unknown keywords are ignored, so it can only be too lenient, and
// the tests pair it with bodies zod refuses for reasons it does check.
type Schema = Record<string, unknown>;

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v);
const typeMatches = (want: string, v: unknown) => want === typeOf(v) || (want === "number" && typeOf(v) === "integer");

export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), root);
}

/** Problems of `value` against `schema` (empty: it passes). */
export function check(root: unknown, schema: Schema, value: unknown, at = "$"): string[] {
  if (typeof schema.$ref === "string") return check(root, resolvePointer(root, schema.$ref) as Schema, value, at);
  const out: string[] = [];
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => typeMatches(t, value))) return [`${at}: not ${types.join("|")}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) out.push(`${at}: not one of ${schema.enum.join(", ")}`);
  if ("const" in schema && schema.const !== value) out.push(`${at}: not ${String(schema.const)}`);
  if (typeof value === "string") {
    if (typeof schema.minLength === "number" && value.length < schema.minLength) out.push(`${at}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength) out.push(`${at}: longer than ${schema.maxLength}`);
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value)) out.push(`${at}: does not match its pattern`);
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) out.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum) out.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) out.push(`${at}: more than ${schema.maxItems} items`);
    if (typeof schema.minItems === "number" && value.length < schema.minItems) out.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.items && typeof schema.items === "object") value.forEach((v, i) => out.push(...check(root, schema.items as Schema, v, `${at}[${i}]`)));
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const k of (schema.required as string[] | undefined) ?? []) if (!(k in obj)) out.push(`${at}.${k}: required`);
    const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [k, v] of Object.entries(obj)) if (props[k]) out.push(...check(root, props[k], v, `${at}.${k}`));
  }
  for (const s of (schema.allOf as Schema[] | undefined) ?? []) out.push(...check(root, s, value, at));
  for (const key of ["anyOf", "oneOf"] as const) {
    const list = schema[key] as Schema[] | undefined;
    if (list && !list.some((s) => check(root, s, value, at).length === 0)) out.push(`${at}: matches none of ${key}`);
  }
  return out;
}
