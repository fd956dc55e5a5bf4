// The API tokens page's client parts render in both languages without a missing or malformed message
// (next-intl reports those through console.error), show each token's state, prefix and scopes but
// nothing of a token beyond its prefix, and every scope has its meaning worded in both languages.
import { MantineProvider } from "@mantine/core";
import { NextIntlClientProvider } from "next-intl";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import en from "../../messages/en/api-tokens.json";
import zh from "../../messages/zh-CN/api-tokens.json";
import { API_SCOPES, scopeKey } from "../../src/server/services/api-tokens/scopes";
import type { ApiTokenRow } from "../../src/server/services/api-tokens/manage";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => {}, refresh: () => {} }), usePathname: () => "/admin/api-tokens", useSearchParams: () => new URLSearchParams() }));
vi.mock("../../src/app/admin/api-tokens/actions", () => ({ createApiTokenAction: async () => ({ ok: true }), revokeApiTokenAction: async () => ({ ok: true }) }));

async function messages(locale: string) {
  const base = (await import(`../../messages/${locale}.json`)).default;
  const parts = await Promise.all(["errors", "nodes", "forms", "list-kit", "labels", "api-tokens"].map(async (a) => (await import(`../../messages/${locale}/${a}.json`)).default));
  return Object.assign({}, base, ...parts);
}

const row = (over: Partial<ApiTokenRow>): ApiTokenRow => ({
  id: "11111111-1111-4111-8111-111111111111",
  name: "Billing sync",
  prefix: "rb_0a1b2c3d",
  scopes: ["read:users", "write:subscriptions"],
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  createdAt: new Date("2026-11-01T08:00:00Z"),
  createdBy: null,
  state: "active",
  ...over,
});

async function render(locale: "en" | "zh-CN", node: ReactNode): Promise<{ html: string; errors: string[] }> {
  const msgs = await messages(locale);
  const errors: string[] = [];
  const orig = console.error;
  console.error = (...a: unknown[]) => errors.push(a.map(String).join(" "));
  try {
    const html = renderToString(h(MantineProvider, null, h(NextIntlClientProvider, { locale, messages: msgs, timeZone: "Asia/Shanghai", children: node })));
    return { html, errors: errors.filter((e) => /MISSING_MESSAGE|FORMATTING_ERROR|Error/.test(e)) };
  } finally {
    console.error = orig;
  }
}

describe.each(["en", "zh-CN"] as const)("API tokens page in %s", (locale) => {
  const words = (locale === "en" ? en : zh).adminApiTokens;

  it("lists tokens with state, prefix and scopes, and a revoke button only where it applies", async () => {
    const { ApiTokensManager } = await import("../../src/components/admin/api-tokens/api-tokens-manager");
    const rows = [
      row({}),
      row({ id: "22222222-2222-4222-8222-222222222222", name: "Old", state: "expired", expiresAt: new Date("2026-11-02T00:00:00Z"), lastUsedAt: new Date("2026-11-01T09:00:00Z") }),
      row({ id: "33333333-3333-4333-8333-333333333333", name: "Gone", state: "revoked", revokedAt: new Date("2026-11-03T00:00:00Z") }),
    ];
    const { html, errors } = await render(locale, h(ApiTokensManager, { rows }));
    expect(errors).toEqual([]);
    for (const r of rows) expect(html).toContain(`data-testid="api-token-state-${r.id}"`);
    expect(html).toContain(words.state.active);
    expect(html).toContain(words.state.expired);
    expect(html).toContain(words.state.revoked);
    expect(html).toContain("rb_0a1b2c3d");
    expect(html).toContain("write:subscriptions");
    expect(html).toContain(`data-testid="api-token-revoke-${rows[0]!.id}"`);
    expect(html).toContain(`data-testid="api-token-revoke-${rows[1]!.id}"`);
    expect(html).not.toContain(`data-testid="api-token-revoke-${rows[2]!.id}"`);
    expect(html).toContain(words.noExpiry);
  });

  it("says so when there is no token yet", async () => {
    const { ApiTokensManager } = await import("../../src/components/admin/api-tokens/api-tokens-manager");
    const { html, errors } = await render(locale, h(ApiTokensManager, { rows: [] }));
    expect(errors).toEqual([]);
    expect(html).toContain(words.empty.slice(0, 12));
  });

  it("shows a new token once, with its warning and a copy button", async () => {
    const { TokenOnce } = await import("../../src/components/admin/api-tokens/token-once");
    const token = `rb_0a1b2c3d_${"Z".repeat(43)}`;
    const { html, errors } = await render(locale, h(TokenOnce, { token }));
    expect(errors).toEqual([]);
    expect(html).toContain(token);
    expect(html).toContain('data-testid="api-token-copy"');
    expect(html).toContain(words.onceWarning.slice(0, 10));
  });

  it("words every scope's meaning, and nothing the code does not know", () => {
    expect(Object.keys(words.scopes).sort()).toEqual(API_SCOPES.map(scopeKey).sort());
    for (const s of API_SCOPES) expect(words.scopes[scopeKey(s) as keyof typeof words.scopes].length).toBeGreaterThan(5);
  });
});
