// The message namespaces the browser needs for a set of route files: every module a client module
// reaches (a "use client" file and everything it imports) is scanned for useTranslations /
// getTranslations / useErrorText-style calls; server-only modules are rendered to HTML and need none.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const SRC = path.resolve("src");
const EXTS = [".tsx", ".ts", "/index.tsx", "/index.ts"];

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(SRC, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const e of EXTS) if (existsSync(base + e)) return base + e;
  return null;
}

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const TRANSLATIONS = /\b(?:useTranslations|getTranslations)\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\s*\)/g;

export interface NamespaceScan {
  /** Top-level namespaces ("subscriptionPage" for "subscriptionPage.refused"). */
  namespaces: Set<string>;
  /** Calls whose namespace is not a literal (or none at all: the whole catalogue), file: call. */
  unknown: string[];
}

export function clientNamespaces(entries: string[]): NamespaceScan {
  const namespaces = new Set<string>();
  const unknown: string[] = [];
  const seen = new Map<string, boolean>(); // file -> visited as client
  const visit = (file: string, client: boolean) => {
    const prev = seen.get(file);
    if (prev === true || (prev === false && !client)) return;
    seen.set(file, client);
    const src = readFileSync(file, "utf8");
    const isClient = client || /^\s*["']use client["']/.test(src);
    if (isClient) {
      for (const m of src.matchAll(TRANSLATIONS)) {
        const ns = m[1] ?? m[2];
        if (ns === undefined || ns === "") unknown.push(`${path.relative(SRC, file)}: ${m[0]}`);
        else namespaces.add(ns.split(".")[0]!);
      }
    }
    for (const m of src.matchAll(IMPORT)) {
      const line = src.slice(src.lastIndexOf("\n", m.index) + 1, m.index + m[0].length);
      if (/^\s*import\s+type\b/.test(line)) continue; // erased at build time
      const target = resolve(file, (m[1] ?? m[2])!);
      if (target) visit(target, isClient);
    }
  };
  for (const e of entries) visit(path.resolve(e), false);
  return { namespaces, unknown };
}
