// The OpenAPI document names every endpoint and nothing else: each exported HTTP method of each
// src/app/api/**/route.ts has an operation, each operation has a route that exports its method, and
// every path the custom server answers itself (`const PATH = /.../` in src/server/http) is documented.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, ROUTES, type OpenApiDocument } from "../../src/server/openapi";

const API_ROOT = path.resolve("src/app/api");
const HTTP_DIR = path.resolve("src/server/http");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

interface RouteFile {
  file: string;
  /** `/api/a/{id}`; for a catch-all `[...x]` the fixed prefix before it. */
  path: string;
  catchAll: boolean;
  methods: string[];
}

function routeFiles(dir = API_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

/** The methods a route module exports: `export const GET`, `export (async) function POST`, `export { GET }`. */
function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|var|(?:async\s+)?function)\s+([A-Z]+)\b/g)) found.add(m[1]!);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) for (const part of m[1]!.split(",")) found.add(part.trim().split(/\s+as\s+/).pop()!.trim());
  return METHODS.filter((x) => found.has(x));
}

function describeRoute(file: string): RouteFile {
  const segments = path.relative(API_ROOT, path.dirname(file)).split(path.sep).filter((s) => s && !/^\(.*\)$/.test(s));
  const catchAllAt = segments.findIndex((s) => /^\[\[?\.\.\./.test(s));
  const fixed = catchAllAt < 0 ? segments : segments.slice(0, catchAllAt);
  const mapped = fixed.map((s) => s.replace(/^\[(.+)\]$/, "{$1}"));
  return { file: path.relative(process.cwd(), file), path: `/api/${mapped.join("/")}`, catchAll: catchAllAt >= 0, methods: exportedMethods(readFileSync(file, "utf8")) };
}

const routes = routeFiles().map(describeRoute);
const doc = buildOpenApiDocument();
const operationsOf = (d: OpenApiDocument) => Object.entries(d.paths).flatMap(([p, item]) => Object.keys(item).map((m) => ({ path: p, method: m.toUpperCase() })));

// The route file Next would pick for a documented path: an exact route first, then the catch-all.
function ownerOf(p: string): RouteFile | undefined {
  return routes.find((r) => !r.catchAll && r.path === p) ?? routes.find((r) => r.catchAll && p.startsWith(`${r.path}/`));
}

/** Route methods without an operation. HEAD and OPTIONS are answered by Next itself unless exported. */
function undocumented(d: OpenApiDocument): string[] {
  const ops = operationsOf(d);
  const missing: string[] = [];
  for (const r of routes) {
    for (const m of r.methods) {
      const ok = r.catchAll ? ops.some((o) => o.method === m && ownerOf(o.path) === r) : ops.some((o) => o.method === m && o.path === r.path);
      if (!ok) missing.push(`${m} ${r.path}${r.catchAll ? "/..." : ""} (${r.file})`);
    }
  }
  return missing;
}

/** Operations no route file serves (no such path, or the file does not export the method). */
const orphans = (d: OpenApiDocument) => operationsOf(d).filter((o) => !ownerOf(o.path)?.methods.includes(o.method)).map((o) => `${o.method} ${o.path}`);

describe("exportedMethods", () => {
  it("reads the forms our route files use", () => {
    expect(exportedMethods("export const GET = route(...);\nexport async function POST() {}\nexport function PUT() {}")).toEqual(["GET", "POST", "PUT"]);
    expect(exportedMethods("const handle = 1;\nexport { handle as GET, handle as DELETE };")).toEqual(["GET", "DELETE"]);
    expect(exportedMethods("export const MAX = 1; export function helper() {}")).toEqual([]);
  });
});

describe("OpenAPI coverage", () => {
  it("finds the route files", () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) expect(r.methods.length, `${r.file} exports no HTTP method`).toBeGreaterThan(0);
  });

  it("documents every method of every route file", () => {
    expect(undocumented(doc)).toEqual([]);
  });

  it("documents nothing that no route file serves", () => {
    expect(orphans(doc)).toEqual([]);
  });

  it("notices a missing entry and an entry without a route", () => {
    const withoutHealth = buildOpenApiDocument(ROUTES.filter((r) => r.path !== "/api/health"));
    expect(undocumented(withoutHealth)).toEqual(["GET /api/health (src/app/api/health/route.ts)"]);
    const extra = { ...ROUTES[0]!, method: "delete" as const, path: "/api/health" };
    const ghost = { ...ROUTES[0]!, path: "/api/nothing/here" };
    expect(orphans(buildOpenApiDocument([...ROUTES, extra, ghost]))).toEqual(["DELETE /api/health", "GET /api/nothing/here"]);
    // The catch-all needs each exported method under its prefix.
    const noSignIn = buildOpenApiDocument(ROUTES.filter((r) => !(r.path.startsWith("/api/auth/") && r.method === "post" && r.path !== "/api/auth/register")));
    expect(undocumented(noSignIn)).toEqual(["POST /api/auth/... (src/app/api/auth/[...nextauth]/route.ts)"]);
  });

  it("documents every path the custom server answers before Next", () => {
    const handlers = readdirSync(HTTP_DIR).filter((f) => f.endsWith(".ts"));
    const patterns = handlers.flatMap((f) => [...readFileSync(path.join(HTTP_DIR, f), "utf8").matchAll(/const PATH = \/(.+)\/;/g)].map((m) => ({ file: f, re: new RegExp(m[1]!) })));
    expect(patterns.map((p) => p.file)).toContain("subscription-handler.ts");
    // A documented path with each `{param}` filled in must match the handler's own pattern.
    const samples = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, "0d6f1c52-5c40-4a53-9d1b-4ab0b5cb0e11"));
    for (const { file, re } of patterns) expect(samples.some((s) => re.test(s)), `${file}: ${re}`).toBe(true);
  });
});
