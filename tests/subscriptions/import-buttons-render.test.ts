// The import buttons as the subscription pages render them from a catalogue: one tab per platform
// some app runs on, the guessed platform's apps first (and only them in the page), each app's test id
// once, download links named for their app, in both languages; and the User-Agent guess itself.
import { NextIntlClientProvider } from "next-intl";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImportButtons } from "../../src/components/subscriptions/import-buttons";
import { guessPlatform } from "../../src/components/subscriptions/platform-guess";
import { DEFAULT_CLIENT_CATALOGUE } from "../../src/server/services/settings/client-catalogue-defaults";
import type { ClientEntry, ClientPlatform } from "../../src/server/services/settings/client-catalogue-types";

const URL_ = "https://sub.example.com/api/subscription/0b7c7a4e-8f1e-4a57-9f39-3f4f1f7f1c11?token=abc";

async function render(locale: "en" | "zh-CN", clients: readonly ClientEntry[], platform: ClientPlatform | null) {
  const messages = (await import(`../../messages/${locale}/subscription-page.json`)).default;
  return renderToString(h(NextIntlClientProvider, { locale, messages, timeZone: "Asia/Shanghai", children: h(ImportButtons, { contentUrl: URL_, name: "Plan", clients, platform }) }));
}

const testIds = (html: string, prefix: string) => [...html.matchAll(new RegExp(`data-testid="${prefix}([^"]+)"`, "g"))].map((m) => m[1]);

describe("ImportButtons", () => {
  it("starts on the guessed platform and shows only its apps", async () => {
    const html = await render("en", DEFAULT_CLIENT_CATALOGUE, "ios");
    expect(html).toContain('data-platform="ios"');
    expect(testIds(html, "import-platform-")).toEqual(["all", "ios", "android", "windows", "macos", "linux"]);
    expect(html).toMatch(/data-testid="import-platform-ios"[^>]*>iPhone \/ iPad</);
    expect(html).toMatch(/aria-selected="true"[^>]*data-testid="import-platform-ios"/);
    const apps = testIds(html, "import-").filter((id) => !id.startsWith("platform-") && !id.startsWith("download-") && id !== "buttons");
    expect(apps).toEqual(["stash", "sing-box", "hiddify", "shadowrocket", "happ", "streisand", "v2box", "surge", "quantumult-x", "loon"]);
    expect(html).toMatch(/href="https:\/\/stash\.ws\/"[^>]*aria-label="Download Stash"/);
    // An app without a download link has none.
    expect(html).not.toContain('data-testid="import-download-happ"');
  });

  it("without a guess shows every app once, with the format each reads", async () => {
    const html = await render("en", DEFAULT_CLIENT_CATALOGUE, null);
    expect(html).toContain('data-platform="all"');
    for (const id of ["clash", "clashmeta", "sing-box", "v2rayng", "surfboard", "loon"]) expect(html.split(`data-testid="import-${id}"`)).toHaveLength(2);
    expect(html).toMatch(/href="clash:\/\/install-config\?name=Plan&amp;url=[^"]+format%3Dclash"/);
  });

  it("a guessed platform no app runs on starts on every app; a platform without apps gets no tab", async () => {
    const html = await render("en", DEFAULT_CLIENT_CATALOGUE.filter((c) => !c.platforms.includes("linux")), "linux");
    expect(html).toContain('data-platform="all"');
    expect(testIds(html, "import-platform-")).not.toContain("linux");
  });

  it("speaks the page's language, and renders nothing for an empty catalogue", async () => {
    const html = await render("zh-CN", DEFAULT_CLIENT_CATALOGUE, "android");
    expect(html).toContain("全部应用");
    expect(html).toContain('aria-label="下载 v2rayNG"');
    expect(await render("en", [], "ios")).toBe("");
  });
});

describe("guessPlatform", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", "ios"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36", "android"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36", "windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15", "macos"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/126.0 Safari/537.36", "linux"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36", "linux"],
    ["curl/8.5.0", null],
    ["", null],
  ] as const)("%s -> %s", (ua, platform) => {
    expect(guessPlatform(ua)).toBe(platform);
  });
});
