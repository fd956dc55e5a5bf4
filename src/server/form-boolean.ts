// One reading of a boolean that may arrive from an HTML form ("on", "true", "1", "false", "off",
// "0") or from JSON (true / false). Anything else is left for z.boolean() to refuse.
import { z } from "zod";

const TRUE = new Set<unknown>([true, "true", "on", "1"]);
const FALSE = new Set<unknown>([false, "false", "off", "0"]);

const readFormBoolean = (v: unknown) => (TRUE.has(v) ? true : FALSE.has(v) ? false : v);

export const formBoolean = z.preprocess(readFormBoolean, z.boolean());

/** Absent (undefined or null) stays undefined, so an update keeps the stored value. */
export const optionalFormBoolean = z.preprocess((v) => (v === null ? undefined : readFormBoolean(v)), z.boolean().optional());
