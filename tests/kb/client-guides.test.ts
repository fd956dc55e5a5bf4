// The client catalogue's set-up guides: an entry may name a help center slug (checked like any
// slug), and the import buttons then show "Set-up guide" beside that app, linking /kb/<slug>, in
// the page's language; without one nothing is added (the light pages stay as they were).
import { NextIntlClientProvider } from "next-intl";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImportButtons } from "../../src/components/subscriptions/import-buttons";
import { ClientCatalogueSchema } from "../../src/server/services/settings/client-catalogue";
import { DEFAULT_CLIENT_CATALOGUE } from "../../src/server/services/settings/client-catalogue-defaults";
import type { ClientEntry } from "../../src/server/services/settings/client-catalogue-types";

const URL_ = "https://sub.example.com/api/subscription/0b7c7a4e-8f1e-4a57-9f39-3f4f1f7f1c11?token=abc";

async function render(locale: "en" | "zh-CN", clients: readonly ClientEntry[]) {
  const messages = { ...(await import(`../../messages/${locale}/subscription-page.json`)).default, ...(await import(`../../messages/${locale}/kb.json`)).default };
  return renderToString(h(NextIntlClientProvider, { locale, messages, timeZone: "Asia/Shanghai", children: h(ImportButtons, { contentUrl: URL_, name: "Plan", clients, platform: null }) }));
}

const clash = DEFAULT_CLIENT_CATALOGUE[0]!;

describe("client catalogue guides", () => {
  it("accepts a slug (lowercased) or an empty one, and refuses anything else with the slug's own field code", () => {
    const ok = ClientCatalogueSchema.parse([{ ...clash, guideSlug: " Set-Up-Clash " }, { ...DEFAULT_CLIENT_CATALOGUE[1]!, guideSlug: "" }, DEFAULT_CLIENT_CATALOGUE[2]!]);
    expect(ok.map((c) => c.guideSlug)).toEqual(["set-up-clash", "", undefined]);
    const bad = ClientCatalogueSchema.safeParse([{ ...clash, guideSlug: "../admin" }]);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ path: [0, "guideSlug"], message: "kb_slug_format" });
  });

  it("shows a 'Set-up guide' link beside the app that has one, in the page's language", async () => {
    const html = await render("en", [{ ...clash, guideSlug: "set-up-clash" }, DEFAULT_CLIENT_CATALOGUE[1]!]);
    expect(html).toMatch(/<a[^>]*href="\/kb\/set-up-clash"[^>]*aria-label="Set-up guide for Clash Verge \/ FlClash"[^>]*data-testid="import-guide-clash"[^>]*>Set-up guide<\/a>/);
    expect(html.match(/import-guide-/g)).toHaveLength(1);
    expect(await render("zh-CN", [{ ...clash, guideSlug: "set-up-clash" }])).toContain(">配置指南</a>");
    expect(await render("en", DEFAULT_CLIENT_CATALOGUE)).not.toContain("import-guide-");
  });
});
