// A YAML 1.1 writer for the profiles we build ourselves (Clash, Mihomo, Stash): plain objects of
// strings, finite numbers, booleans, arrays and nested objects. The general `yaml` serializer was a
// tenth of the subscription endpoint's CPU on a cold cache (every fetch the first of its subscription):
// it builds a document tree and tests every string against every scalar type. Here a string is
// written bare only when it is unmistakably a string in YAML 1.1 and 1.2 (a letter, then letters,
// digits, spaces, `_ . / -`, not a boolean, null or exponent word); every other string is double-quoted with
// JSON's escapes (a subset of YAML's), plus the characters YAML reads as line breaks or will not
// take raw. tests/subscription-content/yaml-emit.test.ts parses the output back with the `yaml`
// package in both versions and compares.

const BARE = /^[A-Za-z](?:[A-Za-z0-9 _./-]*[A-Za-z0-9_./-])?$/;
/** Words YAML 1.1 (go-yaml v2, Stash) reads as booleans or null when bare (compared lower case). */
const WORDS = new Set(["y", "yes", "n", "no", "true", "false", "on", "off", "null"]);
/** An exponent without a mantissa: some YAML 1.1 readers take `e1` for a float. */
const EXPONENT = /^[eE]-?[0-9_]+$/;
// JSON leaves these raw; YAML reads U+0085, U+2028 and U+2029 as line breaks and refuses C1 controls and a BOM.
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\ufeff]/g;

function scalar(v: unknown): string {
  if (typeof v === "string") return BARE.test(v) && !WORDS.has(v.toLowerCase()) && !EXPONENT.test(v) ? v : JSON.stringify(v).replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  throw new TypeError(`yaml-emit: cannot write ${v === null ? "null" : typeof v}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `key: value` lines of a mapping at `pad`; undefined values are left out, as JSON would. */
function mapping(obj: Record<string, unknown>, pad: string, out: string[]): void {
  for (const [key, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    const k = scalar(key);
    if (Array.isArray(v)) {
      if (v.length === 0) out.push(`${pad}${k}: []\n`);
      else {
        out.push(`${pad}${k}:\n`);
        sequence(v, `${pad}  `, out);
      }
    } else if (isObject(v)) {
      if (Object.keys(v).length === 0) out.push(`${pad}${k}: {}\n`);
      else {
        out.push(`${pad}${k}:\n`);
        mapping(v, `${pad}  `, out);
      }
    } else out.push(`${pad}${k}: ${scalar(v)}\n`);
  }
}

/** `- item` lines; an object item starts on the dash's line and goes on below it, two spaces in. */
function sequence(items: unknown[], pad: string, out: string[]): void {
  for (const item of items) {
    if (Array.isArray(item)) throw new TypeError("yaml-emit: nested sequences are not written");
    const lines: string[] = [];
    if (isObject(item)) mapping(item, `${pad}  `, lines);
    if (lines.length > 0) out.push(`${pad}- ${lines[0]!.slice(pad.length + 2)}`, ...lines.slice(1));
    else out.push(`${pad}- ${isObject(item) ? "{}" : scalar(item)}\n`);
  }
}

export function emitYaml(doc: Record<string, unknown>): string {
  const out: string[] = [];
  mapping(doc, "", out);
  return out.join("");
}
