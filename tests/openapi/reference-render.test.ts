// The admin API reference renders in both languages: every message it uses exists and formats (a
// missing key throws here), every endpoint is listed, and each access kind has its words.
import { MantineProvider } from "@mantine/core";
import { NextIntlClientProvider } from "next-intl";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import enBase from "../../messages/en.json";
import en from "../../messages/en/api-reference.json";
import zhBase from "../../messages/zh-CN.json";
import zh from "../../messages/zh-CN/api-reference.json";
import { ApiReference } from "../../src/components/admin/api-reference/api-reference";
import { EndpointDetails } from "../../src/components/admin/api-reference/endpoint-details";
import { ACCESS_KINDS, openApiDocument, referenceGroups, ROUTES } from "../../src/server/openapi";

const groups = referenceGroups(openApiDocument());
const all = groups.flatMap((g) => g.endpoints);

function render(locale: "en" | "zh-CN", node: ReactNode): string {
  const messages = { ...(locale === "en" ? enBase : zhBase), ...(locale === "en" ? en : zh) };
  const fail = (e: Error) => {
    throw e;
  };
  return renderToStaticMarkup(h(NextIntlClientProvider, { locale, messages, timeZone: "Asia/Shanghai", onError: fail, children: h(MantineProvider, null, node) }));
}

describe.each(["en", "zh-CN"] as const)("API reference in %s", (locale) => {
  const words = (locale === "en" ? en : zh).adminApi;

  it("lists every endpoint under its tag, with the search and the link to the JSON", () => {
    const html = render(locale, h(ApiReference, { groups }));
    for (const e of all) expect(html).toContain(`data-testid="api-endpoint-${e.id}"`);
    for (const g of groups) expect(html).toContain(`id="api-tag-${g.tag}"`);
    expect(html).toContain('data-testid="api-search"');
    expect(html).toContain('href="/api/openapi.json"');
    expect(html).toContain(words.searchPlaceholder);
    expect(all).toHaveLength(ROUTES.length);
  });

  it("shows each endpoint's access, parameters, body and responses in the page's language", () => {
    for (const e of all) {
      const html = render(locale, h(EndpointDetails, { endpoint: e }));
      expect(html).toContain(words.access[e.access]);
      expect(html).toContain(words.responses);
      if (e.sessionOptional) expect(html).toContain(words.sessionOptional);
      for (const p of e.parameters) expect(html).toContain(p.name);
      for (const f of e.bodyFields) expect(html).toContain(f.name);
    }
    for (const a of ACCESS_KINDS) expect(words.access[a].length).toBeGreaterThan(1);
  });
});
