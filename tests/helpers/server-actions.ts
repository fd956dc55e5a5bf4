// What the tests that walk every Server Action share: finding the action modules (so a new one is
// walked without being listed), and the request-scoped Next modules the actions call, stubbed.
// The stubs are used from vi.mock factories: `vi.mock("next/headers", async () =>
// (await import("../helpers/server-actions")).nextHeadersStub())`.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Files below `dir` that `keep` accepts. */
export function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(p, keep);
    return keep(p) ? [p] : [];
  });
}

const USE_SERVER = /^\s*(\/\/[^\n]*\n\s*)*["']use server["']/;

/** Every module below `srcDir` that starts with "use server" (comments before it allowed). */
export const serverActionFiles = (srcDir: string): string[] => filesUnder(srcDir, (f) => /\.tsx?$/.test(f) && USE_SERVER.test(readFileSync(f, "utf8")));

/** next/headers: a fixed host, and a cookie jar of this test file's own. */
export function nextHeadersStub() {
  const jar = new Map<string, string>();
  return {
    headers: async () => new Headers({ host: "relayboard.test" }),
    cookies: async () => ({ get: (k: string) => (jar.has(k) ? { name: k, value: jar.get(k) } : undefined), set: (k: string, v: string) => void jar.set(k, v), delete: (k: string) => void jar.delete(k) }),
  };
}

/** next/cache: revalidation is a no-op outside a Next request. */
export const nextCacheStub = () => ({ revalidatePath: () => {}, revalidateTag: () => {} });
