// What the line-based client formats (Surge, Surfboard, Loon, Quantumult X) share. Their lines split
// fields on "," and keys from values on "=", so a name holding either is cleaned, and a value that
// holds a separator (a path, a Host, an operator's obfs password) cannot be written at all: the
// endpoint is left out with that reason rather than sent as a line the client misreads.
import { cleanName, uniqueName } from "./clash";

/** A display name these formats can carry: no control characters, "=", "," or double quotes. */
export function lineName(name: string): string {
  return cleanName(name).replace(/[=,"]+/g, " ").replace(/\s+/g, " ").trim();
}

/** Unique cleaned names for the kept endpoints, none equal to a group or built-in policy name. */
export function lineNames(names: string[], reserved: string[]): string[] {
  const taken = new Set(reserved);
  return names.map((n, i) => uniqueName(lineName(n) || `server ${i + 1}`, taken));
}

/** The first value among these that a comma-separated line cannot carry, or null. */
export function inseparable(values: string[]): string | null {
  return values.find((v) => /[,"\r\n]/.test(v)) ?? null;
}

/** Xray accepts chacha20-poly1305 for what Surge, Loon and Quantumult X call chacha20-ietf-poly1305. */
export function ssMethodName(method: string): string {
  if (method === "chacha20-poly1305") return "chacha20-ietf-poly1305";
  if (method === "xchacha20-poly1305") return "xchacha20-ietf-poly1305";
  return method;
}

/** The AEAD ciphers every one of these clients reads (protocols.md §9.1-9.4). */
export const AEAD_METHODS = new Set(["aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "chacha20-ietf-poly1305", "xchacha20-ietf-poly1305"]);

/** A select group's name from the document title: no separators, never a built-in policy. */
export function groupNameOf(title: string, builtIns: string[]): string {
  const name = lineName(title);
  return name && !builtIns.includes(name) ? name : "Proxy";
}

/** 3x-ui's hysteria port hopping ("443,20000-30000") in Surge's form ("443;20000-30000"). */
export const hopPorts = (ports: string) =>
  ports
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter((p) => /^\d{1,5}(?:-\d{1,5})?$/.test(p))
    .join(";");
