// The admin page's client catalogue field: the server's problems at `subscriptionClients.<i>.<field>`
// are listed under the JSON text by entry number and name, in the page's language, and mark the field.
import { MantineProvider } from "@mantine/core";
import { NextIntlClientProvider } from "next-intl";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { catalogueErrors, ClientCatalogueField } from "../../src/components/admin/settings/client-catalogue-field";

const TEXT = JSON.stringify([{ name: "Alpha" }, { name: "Beta" }, { name: "Alpha" }], null, 2);

async function render(locale: "en" | "zh-CN", errors: Record<string, string>, value = TEXT) {
  const messages = (await import(`../../messages/${locale}.json`)).default;
  return renderToString(h(MantineProvider, null, h(NextIntlClientProvider, { locale, messages, timeZone: "Asia/Shanghai", children: h(ClientCatalogueField, { value, errors, onChange: () => undefined }) })));
}

describe("ClientCatalogueField", () => {
  it("picks this field's problems out of the form's, in entry order", () => {
    const e = catalogueErrors({ siteName: "x", "subscriptionClients.2.name": "taken!", "subscriptionClients.0.platforms.1": "choice!", subscriptionClients: "json!" });
    expect(e.own).toBe("json!");
    expect(e.entries).toEqual([
      { index: 0, field: "platforms.1", message: "choice!" },
      { index: 2, field: "name", message: "taken!" },
    ]);
  });

  it.each([
    ["en", "Entry 3 (Alpha) · name: Already in use.", "Entry 2 (Beta) · format: Choose one.", "2 problems in the list"],
    ["zh-CN", "第 3 项（Alpha） · name: Already in use.", "第 2 项（Beta） · format: Choose one.", "列表中有 2 处问题"],
  ] as const)("%s: lists entry problems by number and name and marks the text area", async (locale, first, second, summary) => {
    const html = (await render(locale, { "subscriptionClients.2.name": "Already in use.", "subscriptionClients.1.format": "Choose one." })).replace(/<!-- -->/g, "");
    const list = html.slice(html.indexOf('data-testid="setting-subscriptionClients-errors"'));
    expect(list.indexOf(second)).toBeGreaterThan(-1);
    expect(list.indexOf(first)).toBeGreaterThan(list.indexOf(second));
    expect(html).toContain(summary);
    expect(html).toMatch(/aria-invalid="true"[^>]*data-testid="setting-subscriptionClients"|data-testid="setting-subscriptionClients"[^>]*aria-invalid="true"/);
  });

  it("without problems shows no list; the whole setting's problem is the field's own error", async () => {
    expect(await render("en", {})).not.toContain("setting-subscriptionClients-errors");
    const html = await render("en", { subscriptionClients: "Not valid JSON." }, "[{");
    expect(html).toContain("Not valid JSON.");
    expect(html).not.toContain("setting-subscriptionClients-errors");
  });
});
