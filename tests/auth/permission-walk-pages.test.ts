// The permission walk, pages (issue 29 item 3): every admin page calls requireAdminPage with the
// literal permission that admin-page-permissions.ts gives its path (read from the source, so a new page
// without one fails here), and rendering a page as each role walked answers forbidden() (the 403
// "no access" page) exactly when the role lacks that permission: never the page's content, and never
// a refusal from a read the page makes after its guard let the role in.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN_PAGE_PERMISSIONS, adminHomeFor, permissionForAdminPath } from "../../src/server/auth/admin-page-permissions";
import { isPermission, type Permission } from "../../src/server/auth/permissions";
import type { SessionUser } from "../../src/server/auth/session";
import { adminPageParams } from "../helpers/admin-page-fixtures";
import { testDbForFile } from "../helpers/db";
import { overrideEnv } from "../helpers/env";
import { useMemoryLimiter } from "../helpers/limiter";
import { errorRefused, makeWalkRoles, type WalkRole } from "../helpers/permission-walk";
import { filesUnder } from "../helpers/server-actions";

const session = vi.hoisted(() => ({ user: undefined as SessionUser | undefined }));
vi.mock("next-auth", async (importOriginal) => ({ ...(await importOriginal<object>()), getServerSession: async () => (session.user ? { user: session.user } : null) }));
vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());
// The pages' words, in English, without a Next request around them.
vi.mock("next-intl/server", async () => {
  const { createTranslator, createFormatter } = await import("next-intl");
  const dir = path.resolve(import.meta.dirname, "../../messages");
  const parts = readdirSync(path.join(dir, "en")).map((f) => JSON.parse(readFileSync(path.join(dir, "en", f), "utf8")) as object);
  const messages = Object.assign({}, JSON.parse(readFileSync(path.join(dir, "en.json"), "utf8")) as object, ...parts);
  return {
    getTranslations: async (ns?: string | { namespace?: string }) => createTranslator({ locale: "en", messages, namespace: (typeof ns === "string" ? ns : ns?.namespace) as never }),
    getFormatter: async () => createFormatter({ locale: "en", timeZone: "Asia/Shanghai" }),
    getLocale: async () => "en",
    getMessages: async () => messages,
    getNow: async () => new Date(),
    getTimeZone: async () => "Asia/Shanghai",
    getRequestConfig: (make: unknown) => make,
  };
});

const APP = path.resolve(import.meta.dirname, "../../src/app");
const FORBIDDEN_DIGEST = "NEXT_HTTP_ERROR_FALLBACK;403";
/**
 * The admin area's entry: the dashboard for a role with dashboard.read; any other role is sent to its
 * first page (adminHomeFor), or gets the 403 page when it opens none. Checked by rendering, not in the source.
 */
const ENTRY = "/admin";
/** Pages that need a second permission besides their path's (checked after requireAdminPage), and why. */
const SECOND_PERMISSION: Record<string, { permission: Permission; why: string }> = {
  "/admin/plans/new": { permission: "catalog.write", why: "creating a plan is all the page does" },
};
/** Admin pages that show nothing of any area, and why they need no permission. */
const OPEN_PAGES: Record<string, string> = { "/admin/[...missing]": "the admin area's not-found page for addresses no page answers" };

/** "/admin/users/[id]/wallet" for src/app/admin/users/[id]/wallet/page.tsx (route groups dropped). */
const routeOf = (file: string) => `/${path.relative(APP, path.dirname(file)).split(path.sep).filter((s) => !/^\(.*\)$/.test(s)).join("/")}`;
const pages = filesUnder(path.join(APP, "admin"), (f) => path.basename(f) === "page.tsx").map((file) => ({ file, route: routeOf(file) }));

/** The arguments' text of every requireAdminPage(...) call in a page's source. */
function guardCalls(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const calls: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "requireAdminPage") calls.push(n.arguments.map((a) => a.getText()).join(", "));
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return calls;
}

describe("admin pages: the guard in the source", () => {
  it("every admin page has a permission in admin-page-permissions.ts, and every listed path is a page", () => {
    expect(pages.length).toBeGreaterThanOrEqual(39);
    expect(pages.filter((p) => !OPEN_PAGES[p.route] && !permissionForAdminPath(p.route)).map((p) => p.route)).toEqual([]);
    expect(ADMIN_PAGE_PERMISSIONS.map(([p]) => p).filter((p) => !pages.some((pg) => pg.route === p))).toEqual([]);
  });

  it("every admin page calls requireAdminPage with that permission, as a literal", () => {
    const wrong: string[] = [];
    for (const p of pages) {
      if (OPEN_PAGES[p.route] || p.route === ENTRY) continue;
      const want = `"${permissionForAdminPath(p.route)}"`;
      const calls = guardCalls(p.file);
      if (calls.length === 0 || calls.some((c) => c !== want)) wrong.push(`${p.route}: requireAdminPage(${calls.join(") requireAdminPage(") || "<none>"}), want ${want}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("admin pages: rendered as each role", () => {
  const t = testDbForFile({ install: true });
  let roles: WalkRole[] = [];
  let params: Record<string, Record<string, string>> = {};
  let restoreEdition: (() => void) | undefined;
  beforeAll(async () => {
    restoreEdition = overrideEnv({ EDITION: "wallet" });
    vi.stubEnv("__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS", "true"); // next.config.ts: experimental.authInterrupts
    useMemoryLimiter();
    roles = await makeWalkRoles(t.db);
    params = await adminPageParams(t.db);
  });
  afterAll(() => {
    restoreEdition?.();
    vi.unstubAllEnvs();
  });

  type Props = { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string>> };

  /** What calling the page's (or layout's) component answered: "ok", the Next fallback's digest, or the error. */
  async function render(p: { file: string; route: string }, role: WalkRole): Promise<unknown> {
    const a = role.ctx.actor;
    session.user = { id: a.userId!, email: a.email!, name: "Staff", role: "ADMIN", staffRole: role.name, customPermissions: role.name.startsWith("walk-") ? [...(a.permissions ?? [])] : undefined };
    const Page = ((await import(p.file)) as { default: (props: Props & { children?: null }) => unknown }).default;
    try {
      await Page({ params: Promise.resolve(params[p.route] ?? {}), searchParams: Promise.resolve({}), children: null });
      return "ok";
    } catch (err) {
      return (err as { digest?: string }).digest ?? err;
    }
  }

  it("every page with a dynamic segment is rendered with a row of its own (else it would stop at notFound())", () => {
    expect(pages.filter((p) => p.route.includes("[") && !OPEN_PAGES[p.route] && !params[p.route]).map((p) => p.route)).toEqual([]);
  });

  it("the admin layout around every page renders for every role: it reads only what the role may", async () => {
    const layout = { file: path.join(APP, "admin/layout.tsx"), route: "/admin (layout)" };
    const answers: string[] = [];
    for (const role of roles) answers.push(`${role.name}: ${shown(await render(layout, role))}`); // one at a time: the session is shared
    expect(answers).toEqual(roles.map((role) => `${role.name}: ok`));
  });

  it("a role without the page's permission gets forbidden() before anything else; a role with it never does", { timeout: 120_000 }, async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const p of pages) {
      const perm = permissionForAdminPath(p.route);
      if (OPEN_PAGES[p.route] || !perm || !isPermission(perm)) continue;
      for (const role of roles) {
        const r = await render(p, role);
        const turnedAway = r === FORBIDDEN_DIGEST || (p.route === ENTRY && typeof r === "string" && r.startsWith("NEXT_REDIRECT;"));
        const second = SECOND_PERMISSION[p.route]?.permission;
        if (!role.has(perm as Permission) || (second && !role.has(second))) {
          const home = p.route === ENTRY ? adminHomeFor(role.ctx.actor.permissions ?? new Set()) : null;
          if (home ? typeof r === "string" && r.startsWith(`NEXT_REDIRECT;replace;${home};`) : r === FORBIDDEN_DIGEST) refused++;
          else wrong.push(`${role.name} ${p.route} (${perm}${second ? ` + ${second}` : ""}): ${shown(r)}`);
        } else if (turnedAway || errorRefused(r)) {
          wrong.push(`${role.name} ${p.route} (${perm}) let in, then refused: ${shown(r)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThanOrEqual(pages.length - Object.keys(OPEN_PAGES).length);
    expect(Object.keys(SECOND_PERMISSION).filter((r) => !pages.some((p) => p.route === r)), "SECOND_PERMISSION names pages that do not exist").toEqual([]);
  });
});

const shown = (r: unknown) => (typeof r === "string" ? r : r instanceof Error ? `${r.name}: ${r.message}`.slice(0, 200) : JSON.stringify(r));
