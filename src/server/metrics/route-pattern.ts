// Request paths -> the route pattern that serves them (`/api/subscription/[id]`), the one label
// value of a request metric that comes from the outside. The patterns are read from the app
// directory (page.tsx and route.ts files, route groups and private folders dropped), so the set is
// fixed by the code: an id or token in a path never becomes a new series, and a path nothing
// serves (a scanner's probe) is counted as "other".
import { readdirSync, type Dirent } from "node:fs";
import path from "node:path";

interface Node {
  statics: Map<string, Node>;
  dynamic?: { name: string; node: Node };
  /** [...x] (one or more segments) or [[...x]] (zero or more). */
  catchAll?: { segment: string; optional: boolean; kind: EntryKind };
  /** A page or a route handler ends here (false: neither). */
  end: false | EntryKind;
}

/** A page (page.tsx: GET, HEAD and Server Actions) or a route handler (route.ts: its own methods). */
export type EntryKind = "page" | "route";

const newNode = (): Node => ({ statics: new Map(), end: false });
const ENTRY_FILES = /^(page|route)\.(tsx?|jsx?|mdx?)$/;

export const OTHER_ROUTE = "other";
/** Next's own assets (scripts, styles, images), one series whatever the file. */
export const NEXT_ASSETS_ROUTE = "/_next/*";

function addRoute(root: Node, segments: string[], kind: EntryKind): void {
  let node = root;
  for (const seg of segments) {
    const catchAll = /^\[(\[)?\.\.\.[^\]]+\]\]?$/.exec(seg);
    if (catchAll) {
      node.catchAll = { segment: seg, optional: Boolean(catchAll[1]), kind };
      return;
    }
    if (/^\[[^\]]+\]$/.test(seg)) {
      node.dynamic ??= { name: seg, node: newNode() };
      node = node.dynamic.node;
      continue;
    }
    let next = node.statics.get(seg);
    if (!next) node.statics.set(seg, (next = newNode()));
    node = next;
  }
  node.end = kind;
}

function walk(root: Node, dir: string, segments: string[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.isFile() && ENTRY_FILES.test(e.name)) addRoute(root, segments, e.name.startsWith("page.") ? "page" : "route");
    if (!e.isDirectory()) continue;
    // Private folders (_x) and parallel slots (@x) add no URL segment of their own or no route.
    if (e.name.startsWith("_") || e.name.startsWith("@")) continue;
    // Route groups, "(user)", shape layouts only: no segment in the URL.
    const grouped = /^\(.*\)$/.test(e.name);
    walk(root, path.join(dir, e.name), grouped ? segments : [...segments, e.name]);
  }
}

/** The route tree of an app directory (exported for tests; the server reads src/app once). */
export function routeTree(appDir: string): Node {
  const root = newNode();
  walk(root, appDir, []);
  return root;
}

interface Match { pattern: string[]; kind: EntryKind }

function match(node: Node, segs: string[], i: number, acc: string[]): Match | null {
  if (i === segs.length) {
    if (node.end) return { pattern: acc, kind: node.end };
    if (node.catchAll?.optional) return { pattern: [...acc, node.catchAll.segment], kind: node.catchAll.kind };
    return null;
  }
  // Static names first, then a dynamic segment, then a catch-all: Next's own precedence.
  const s = node.statics.get(segs[i]!);
  const viaStatic = s ? match(s, segs, i + 1, [...acc, segs[i]!]) : null;
  if (viaStatic) return viaStatic;
  if (node.dynamic) {
    const viaDynamic = match(node.dynamic.node, segs, i + 1, [...acc, node.dynamic.name]);
    if (viaDynamic) return viaDynamic;
  }
  if (node.catchAll) return { pattern: [...acc, node.catchAll.segment], kind: node.catchAll.kind };
  return null;
}

const pathOnly = (rawPath: string) => {
  const q = rawPath.search(/[?#]/);
  return q < 0 ? rawPath : rawPath.slice(0, q);
};
const isNextAsset = (p: string) => p === "/_next" || p.startsWith("/_next/");
const matchPath = (tree: Node, p: string) => match(tree, p.split("/").filter(Boolean), 0, []);

/** The pattern serving a path in this tree, or "other". */
export function routePatternIn(tree: Node, rawPath: string): string {
  const p = pathOnly(rawPath);
  if (isNextAsset(p)) return NEXT_ASSETS_ROUTE;
  const found = matchPath(tree, p);
  return found ? `/${found.pattern.join("/")}` : OTHER_ROUTE;
}

/** Whether a page or a route handler serves a path in this tree (undefined: neither, or Next's assets). */
export function entryKindIn(tree: Node, rawPath: string): EntryKind | undefined {
  const p = pathOnly(rawPath);
  return isNextAsset(p) ? undefined : matchPath(tree, p)?.kind;
}

const g = globalThis as unknown as { __relayboardRouteTree?: Node };
const appTree = () => (g.__relayboardRouteTree ??= routeTree(path.resolve("src/app")));

/** The route pattern of a request path in this app (src/app, read on first use). */
export function routePattern(rawPath: string): string {
  return routePatternIn(appTree(), rawPath);
}

/** Page or route handler for a request path in this app (the custom server's method check). */
export function entryKind(rawPath: string): EntryKind | undefined {
  return entryKindIn(appTree(), rawPath);
}
