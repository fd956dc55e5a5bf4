// The light pages (issue 24 item 11) send only part of the message catalogue: the part must cover
// every namespace their client components use, or be named as read later (after the full catalogue
// arrived), and every part named must exist in both languages.
import { describe, expect, it } from "vitest";
import { LOCALES, loadMessages } from "../../src/i18n/request";
import { DEFERRED_MESSAGES, isLightPath, LIGHT_MESSAGES, lightPageOf, pickMessages, type LightPage } from "../../src/i18n/light-pages";
import { GET as catalogueRoute } from "../../src/app/intl-messages/[locale]/route";
import { clientNamespaces } from "../helpers/client-namespaces";

const ROOT = ["src/app/layout.tsx", "src/app/error.tsx", "src/app/not-found.tsx", "src/app/global-error.tsx"];
const PAGES: [LightPage, string, string[]][] = [
  ["view", "the browser view of a subscription URL", [...ROOT, "src/app/subscription-view/[id]/page.tsx"]],
  ["own", "the user's subscription page", [...ROOT, "src/app/(user)/layout.tsx", "src/app/(user)/subscriptions/[id]/page.tsx"]],
];
const at = (tree: unknown, path: string) => path.split(".").reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], tree);

describe("light pages", () => {
  it.each(PAGES)("%s (%s): every namespace its client components use is sent first or read later", (page, _, entries) => {
    const covered = new Set<string>([...LIGHT_MESSAGES[page].filter((p) => !p.startsWith("-")).map((p) => p.split(".")[0]!), ...DEFERRED_MESSAGES]);
    const scan = clientNamespaces(entries);
    expect(scan.unknown).toEqual([]);
    expect([...scan.namespaces].filter((ns) => !covered.has(ns))).toEqual([]);
  });

  it.each(LOCALES)("every part sent first exists in %s, and the parts left out are gone", async (locale) => {
    const all = await loadMessages(locale);
    for (const page of ["view", "own"] as const) {
      const picked = pickMessages(all, LIGHT_MESSAGES[page]);
      for (const path of LIGHT_MESSAGES[page]) {
        if (path.startsWith("-")) {
          expect(at(picked, path.slice(1)), path).toBeUndefined();
          expect(at(all, path.slice(1)), `${path} left the catalogue itself alone`).toBeDefined();
        } else expect(at(picked, path), path).toBeDefined();
      }
      // The point of it: far less than the whole catalogue.
      expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(all).length / 10);
    }
    expect(Object.keys(pickMessages(all, ["store.nav"]).store as object)).toEqual(["nav"]);
  });

  it("serves the whole catalogue of a language for the browser to load after, revalidated by its ETag", async () => {
    const get = (locale: string, headers: Record<string, string> = {}) => catalogueRoute(new Request(`http://x/intl-messages/${locale}`, { headers }), { params: Promise.resolve({ locale }) });
    const res = await get("zh-CN");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await loadMessages("zh-CN"));
    const etag = res.headers.get("etag")!;
    expect((await get("zh-CN", { "if-none-match": etag })).status).toBe(304);
    expect((await get("en")).headers.get("etag")).not.toBe(etag);
    expect((await get("fr")).status).toBe(404);
    expect((await get("..%2Fen")).status).toBe(404);
  });

  it("knows which addresses are light", () => {
    for (const p of ["/subscriptions/0b8e9d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e", "/subscriptions/0b8e9d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e?devicesPage=2", "/api/subscription/abc?token=x", "/api/subscription/all?token=x", "/subscription-view/abc?token=x"]) {
      expect(isLightPath(p), p).toBe(true);
    }
    expect(lightPageOf("/api/subscription/all?token=x")).toBe("view");
    expect(lightPageOf("/subscriptions/0b8e9d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e")).toBe("own");
    for (const p of ["/subscriptions", "/subscriptions/", "/store", "/admin/subscriptions/0b8e9d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e", "/api/subscription/abc/extra"]) expect(isLightPath(p), p).toBe(false);
  });
});
