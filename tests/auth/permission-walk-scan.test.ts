// The verbs walk finds admin verbs by reading source (tests/helpers/admin-verbs-scan.ts): on made-up
// service files, each shape a new verb could take is found, or reported so the walk fails.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scanAdminVerbs } from "../helpers/admin-verbs-scan";

const dir = mkdtempSync(path.join(tmpdir(), "verbs-scan-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};

write("area/verbs.ts", `
import { requireAdmin } from "../../context";
export async function listThings(ctx) { requireAdmin(ctx, "things.read"); return []; }
export const removeThing = async (ctx, id) => { await ctx.db.transaction(async () => { requireAdmin(ctx, "things.write"); }); };
function guard(ctx) { requireAdmin(ctx, "things.write"); }
export function viaHelper(ctx, id) { guard(ctx); return id; }
function computed(ctx, op) { requireAdmin(ctx, op === "a" ? "x.read" : "x.write"); }
export function usesComputed(ctx) { computed(ctx, "a"); }
function forgotten(ctx) { requireAdmin(ctx, "things.write"); }
export const asObject = { method(ctx) { requireAdmin(ctx, "things.write"); } };
export function notAVerb(ctx) { return ctx; }
`);
write("area/named.ts", `
async function renameThing(ctx, raw) { requireAdmin(ctx, "things.write"); return raw; }
export { renameThing };
`);
write("area/verbs.test.ts", `export function ignored(ctx) { requireAdmin(ctx, "things.write"); }`);

describe("scanAdminVerbs", () => {
  const scan = scanAdminVerbs(dir);
  const verb = (key: string) => scan.verbs.find((v) => v.key === key);

  it("finds exported verbs by their own requireAdmin call, nested ones and `export { name }` included", () => {
    expect(verb("area/verbs.ts listThings")).toMatchObject({ direct: ["things.read"], params: ["ctx"] });
    expect(verb("area/verbs.ts removeThing")).toMatchObject({ direct: ["things.write"], params: ["ctx", "id"] });
    expect(verb("area/named.ts renameThing")).toMatchObject({ direct: ["things.write"] });
  });

  it("finds a verb whose check is in a same-file helper, and leaves out exports without any check and test files", () => {
    expect(verb("area/verbs.ts viaHelper")).toMatchObject({ direct: [], viaHelpers: ["things.write"] });
    expect(verb("area/verbs.ts notAVerb")).toBeUndefined();
    expect(scan.verbs.some((v) => v.key.includes("verbs.test.ts"))).toBe(false);
  });

  it("reports what the walk cannot read: a computed permission, a check no export reaches, a check outside a function", () => {
    expect(scan.nonLiteral).toEqual([`area/verbs.ts computed: op === "a" ? "x.read" : "x.write"`]);
    expect(verb("area/verbs.ts usesComputed")).toMatchObject({ direct: [], viaHelpers: [] });
    expect(scan.unreached).toEqual(["area/verbs.ts forgotten"]);
    expect(scan.unattributed).toEqual(["area/verbs.ts line 10"]);
  });
});
