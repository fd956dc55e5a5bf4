// Issue 29: the OpenAPI document marks every admin endpoint with the staff permission it needs
// (`x-permission` and a sentence in its description), and that permission is the one the route
// itself checks: the literal its file gives route("admin", ..., { permission }), or for an API
// token route the permission its scope stands for (SCOPE_PERMISSION, what tokenRoute checks).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isPermission } from "../../src/server/auth/permissions";
import { buildOpenApiDocument, ROUTES, type RouteDoc } from "../../src/server/openapi";
import { SCOPE_PERMISSION, isApiScope } from "../../src/server/services/api-tokens/scopes";

type Json = Record<string, unknown>;
const API_ROOT = path.resolve("src/app/api");
const doc = buildOpenApiDocument();
const operations = Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, path: p, op: op as Json })));
const opOf = (key: string) => operations.find((o) => o.key === key)?.op;
const isAdminEndpoint = (p: string) => p.startsWith("/api/admin/") || p.startsWith("/api/v1/");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}
const apiPath = (file: string) => `/api/${path.relative(API_ROOT, path.dirname(file)).split(path.sep).map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`;

/** "METHOD /api/..." -> what each exported handler of the route files checks, read from the source. */
function checkedInCode(): Map<string, { permission?: string; scope?: string }> {
  const out = new Map<string, { permission?: string; scope?: string }>();
  for (const file of routeFiles(API_ROOT)) {
    const src = readFileSync(file, "utf8");
    // One exported handler per `export const METHOD = ...`, up to the next export.
    const parts = src.split(/(?=export\s+const\s+[A-Z]+\s*=)/);
    for (const part of parts) {
      const m = /^export\s+const\s+([A-Z]+)\s*=\s*(route|tokenRoute)\b/.exec(part);
      if (!m) continue;
      const key = `${m[1]} ${apiPath(file)}`;
      if (m[2] === "route" && /route(?:<[^>]*>)?\(\s*"admin"/.test(part)) out.set(key, { permission: /permission:\s*"([\w.]+)"/.exec(part)?.[1] });
      if (m[2] === "tokenRoute") out.set(key, { scope: /tokenRoute(?:<[^>]*>)?\(\s*"([\w:]+)"/.exec(part)?.[1] });
    }
  }
  return out;
}
const code = checkedInCode();

describe("OpenAPI: each admin endpoint's permission", () => {
  it("reads the admin and token routes from their files", () => {
    expect([...code.values()].filter((c) => c.permission).length).toBeGreaterThanOrEqual(8);
    expect([...code.values()].filter((c) => c.scope).length).toBeGreaterThanOrEqual(7);
  });

  it("marks every /api/admin and /api/v1 operation with x-permission and a sentence naming it, and no other", () => {
    const admin = operations.filter((o) => isAdminEndpoint(o.path));
    expect(admin.length).toBe(code.size);
    for (const { key, op } of admin) {
      const p = op["x-permission"];
      expect(typeof p === "string" && isPermission(p), `${key} x-permission ${String(p)}`).toBe(true);
      expect(String(op.description), key).toContain(`Permission: \`${String(p)}\``);
    }
    for (const { key, op } of operations.filter((o) => !isAdminEndpoint(o.path))) expect(op["x-permission"], key).toBeUndefined();
  });

  it("names the permission the admin route checks: route(\"admin\", ..., { permission }) in its file", () => {
    const admin = [...code].filter(([, c]) => !c.scope);
    for (const [key, c] of admin) {
      expect(c.permission, `${key} names no permission in its file`).toBeDefined();
      expect(opOf(key)?.["x-permission"], key).toBe(c.permission);
    }
  });

  it("names, for a token route, the permission its scope stands for, and the scope the file checks", () => {
    for (const [key, c] of [...code].filter(([, x]) => x.scope)) {
      expect(isApiScope(c.scope), `${key} scope ${c.scope}`).toBe(true);
      const op = opOf(key);
      expect(op?.["x-relayboard-scope"], key).toBe(c.scope);
      expect(op?.["x-permission"], key).toBe(SCOPE_PERMISSION[c.scope as keyof typeof SCOPE_PERMISSION]);
    }
  });

  it("refuses to build an admin operation without its permission", () => {
    const bare: RouteDoc = { method: "get", path: "/api/admin/example", tag: "Admin", summary: "x", access: "admin", success: { status: 200, description: "x" }, errors: [] };
    expect(() => buildOpenApiDocument([bare])).toThrow(/without its permission/);
    const named = buildOpenApiDocument([{ ...bare, permission: "logs.read" }]);
    expect(named.paths["/api/admin/example"]!.get!["x-permission"]).toBe("logs.read");
    // The registry itself builds: every admin route in it names one.
    expect(ROUTES.filter((r) => r.access === "admin").every((r) => isPermission(String(r.permission)))).toBe(true);
  });
});
