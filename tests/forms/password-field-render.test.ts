// The password field's eye button is named in the page's language and says what a press does
// (issue 24 item 12: it read "Toggle password visibility" in the Chinese UI, Mantine's built-in name),
// and names its field when it has a text label, so a form's several eye buttons differ.
import { MantineProvider } from "@mantine/core";
import { NextIntlClientProvider } from "next-intl";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PasswordField } from "../../src/components/forms/password-field";

async function render(locale: "en" | "zh-CN", defaultVisible: boolean, label?: string) {
  const messages = { ...(await import(`../../messages/${locale}/forms.json`)).default, ...(await import(`../../messages/${locale}/live.json`)).default };
  return renderToString(h(MantineProvider, null, h(NextIntlClientProvider, { locale, messages, timeZone: "Asia/Shanghai", children: h(PasswordField, { label, defaultVisible }) })));
}

describe("PasswordField", () => {
  it.each([
    ["en", "Show password", "Hide password"],
    ["zh-CN", "显示密码", "隐藏密码"],
  ] as const)("%s: the eye button is named for what it does, in the page's language", async (locale, show, hide) => {
    const hidden = await render(locale, false);
    expect(hidden).toContain(`aria-label="${show}"`);
    expect(hidden).not.toContain("Toggle password visibility");
    expect(await render(locale, true)).toContain(`aria-label="${hide}"`);
  });

  it.each([
    ["en", "Show password: New password", "Hide password: New password"],
    ["zh-CN", "显示密码：New password", "隐藏密码：New password"],
  ] as const)("%s: with a text label the eye button names its field", async (locale, show, hide) => {
    expect(await render(locale, false, "New password")).toContain(`aria-label="${show}"`);
    expect(await render(locale, true, "New password")).toContain(`aria-label="${hide}"`);
  });
});
