// The argument list of a Server Action, as one schema. A Server Action is a public endpoint: the
// network may send any serialisable value in any position (an object where a FormData belongs, [],
// null, a number for an id, extra arguments), so runAction parses the whole list before a verb sees
// it and a wrong shape is a VALIDATION answer naming the argument, never a TypeError (INTERNAL).
// These schemas check shapes only; each verb still validates the fields themselves.
import { z } from "zod";

/** FormData to a plain object for zod: repeated keys become arrays, checkboxes "on" stay strings. */
export function formToObject(fd: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of fd.entries()) {
    if (k.startsWith("$ACTION")) continue; // React's own action bookkeeping fields
    out[k] = k in out ? ([] as unknown[]).concat(out[k], v) : v;
  }
  return out;
}

/** A repeated form field as a list (FormData.getAll): absent is [], one value is [value]. */
export const formList = (v: unknown): unknown[] => ([] as unknown[]).concat(v ?? []);

/** An id, name or code: a string; the verb decides whether it names something (else 404). */
export const str = z.string().max(10_000);
/** A plain object of fields for a verb that validates them (a FormData or an array is refused). */
export const fields = z.custom<Record<string, unknown>>((v) => v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype, { message: "invalid" });
/** A FormData, read as a plain object of its fields. */
export const form = z.instanceof(FormData, { message: "invalid" }).transform(formToObject);
/** A list of strings (ids, kinds) of a sane length. */
export const strList = z.array(str).max(10_000);

type Named = readonly [name: string, schema: z.ZodType];
type SchemasOf<P extends readonly Named[]> = { -readonly [K in keyof P]: P[K][1] };

export interface ArgList<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The argument names, for the field keys of a refusal ("orderId", or a field of an object argument). */
  names: readonly string[];
}

/**
 * The whole argument list: `args(["orderId", str], ["input", fields])`. Extra arguments are refused,
 * missing required ones too; optional ones are given as `.optional()` schemas at the end.
 */
export function args<const P extends readonly Named[]>(...named: P): ArgList<z.ZodTuple<SchemasOf<P>, null>> {
  const schema = z.tuple(named.map(([, s]) => s) as unknown as [z.ZodType]) as unknown as z.ZodTuple<SchemasOf<P>, null>;
  return { schema, names: named.map(([n]) => n) };
}

/** An action without arguments (anything sent is refused). */
export const noArgs = args();
