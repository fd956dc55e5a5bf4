// The response rules page's read-only list and the tester's verdict, rendered on the server in both
// languages: conditions and answers are sentences, the badge tells defaults from a custom list, and
// a verdict names its rule (or says none matched) with the answer and content type.
import { MantineProvider } from "@mantine/core";
import { NextIntlClientProvider } from "next-intl";
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { headersFromText } from "../../src/components/admin/subscription-rules/rule-text";
import { RulesTester } from "../../src/components/admin/subscription-rules/rules-tester";
import { RulesView } from "../../src/components/admin/subscription-rules/rules-view";
import { TesterResult } from "../../src/components/admin/subscription-rules/tester-result";
import { DEFAULT_RESPONSE_RULES, type ResponseRule } from "../../src/server/services/subscription-content/response-rules";

type Locale = "en" | "zh-CN";

async function renderHtml(locale: Locale, el: ReactElement): Promise<string> {
  const base = (await import(`../../messages/${locale}.json`)).default;
  const area = (await import(`../../messages/${locale}/admin-subscription-rules.json`)).default;
  return renderToString(h(MantineProvider, null, h(NextIntlClientProvider, { locale, messages: { ...base, ...area }, timeZone: "Asia/Shanghai", children: el })));
}

/** The text as a person reads it: tags gone, entities decoded. */
async function render(locale: Locale, el: ReactElement): Promise<string> {
  return (await renderHtml(locale, el))
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

const CUSTOM: ResponseRule[] = [
  { name: "Stash", when: { all: [{ header: "user-agent", op: "regex", value: "^stash" }] }, then: { format: "stash" }, headers: { "profile-update-interval": "12" } },
  { name: "Blocked apps", when: { any: [{ header: "user-agent", op: "contains", value: "badapp", not: true }, { header: "x-region", op: "equals", value: "xx" }] }, then: { status: 451, message: "Not here" } },
  { name: "Scanners", when: { all: [{ header: "user-agent", op: "startsWith", value: "curl/" }] }, then: { drop: true } },
  { name: "Old", when: { all: [{ header: "user-agent", op: "endsWith", value: "1.0" }] }, then: { status: 404 } },
  { name: "Browsers", when: { all: [{ header: "accept", op: "contains", value: "text/html" }] }, then: { page: true } },
];

const WORDS: Record<Locale, string[]> = {
  en: [
    "5 rules",
    "Custom",
    "User-Agent matches regex ^stash",
    "Format: stash",
    "Profile-Update-Interval: 12",
    "When any of these holds:",
    "User-Agent does not contain badapp",
    "X-Region is xx",
    "451 with the message “Not here”",
    "User-Agent starts with curl/",
    "Drop the connection",
    "User-Agent ends with 1.0",
    "404 Not found",
    "Accept contains text/html",
    "Browser page",
  ],
  "zh-CN": [
    "5 条规则",
    "自定义",
    "User-Agent 匹配正则 ^stash",
    "格式：stash",
    "Profile-Update-Interval: 12",
    "以下任一条件成立时：",
    "User-Agent 不包含 badapp",
    "X-Region 等于 xx",
    "451，附消息“Not here”",
    "User-Agent 以 curl/ 开头",
    "断开连接",
    "User-Agent 以 1.0 结尾",
    "404 未找到",
    "Accept 包含 text/html",
    "浏览器页面",
  ],
};

describe("RulesView", () => {
  it.each(["en", "zh-CN"] as const)("%s: numbers the rules in order and words every condition and answer", async (locale) => {
    const text = await render(locale, h(RulesView, { rules: CUSTOM, custom: true }));
    let at = -1;
    for (const w of WORDS[locale]) {
      const i = text.indexOf(w, at + 1);
      expect(i, `${w} after position ${at}`).toBeGreaterThan(at);
      at = i;
    }
  });

  it.each([
    ["en", "Shipped defaults", "Always (no conditions)", "Format: base64"],
    ["zh-CN", "出厂默认", "总是（无条件）", "格式：base64"],
  ] as const)("%s: the shipped defaults carry their badge and end with the catch-all", async (locale, badge, always, base64) => {
    const html = await renderHtml(locale, h(RulesView, { rules: DEFAULT_RESPONSE_RULES, custom: false }));
    expect(html.match(/data-testid="rules-item"/g)).toHaveLength(DEFAULT_RESPONSE_RULES.length);
    const text = await render(locale, h(RulesView, { rules: DEFAULT_RESPONSE_RULES, custom: false }));
    expect(text).toContain(badge);
    expect(text.lastIndexOf(always)).toBeGreaterThan(text.lastIndexOf("Streisand"));
    expect(text.endsWith(base64)).toBe(true);
  });
});

describe("TesterResult", () => {
  it.each([
    ["en", "Stash", "Format: stash", "text/yaml; charset=utf-8 (file extension .yaml)", "Profile-Update-Interval: 12", "Tested against the saved rules."],
    ["zh-CN", "Stash", "格式：stash", "text/yaml; charset=utf-8（文件扩展名 .yaml）", "Profile-Update-Interval: 12", "按已保存的规则测试。"],
  ] as const)("%s: names the rule, its answer, the content type and the extra headers", async (locale, ...words) => {
    const verdict = { rule: "Stash", then: { format: "stash" as const }, headers: { "profile-update-interval": "12" }, preview: { format: "stash" as const, contentType: "text/yaml; charset=utf-8", extension: "yaml" } };
    const text = await render(locale, h(TesterResult, { verdict, asked: false, draft: false }));
    for (const w of words) expect(text).toContain(w);
  });

  it.each([
    ["en", "None: base64 is served", "None: the format asked for is served", "451 Unavailable for legal reasons", "Tested against the text in the editor (not saved)."],
    ["zh-CN", "无：返回 base64", "无：返回所请求的格式", "451 因法律原因不可用", "按编辑器中的文本测试（未保存）。"],
  ] as const)("%s: says when no rule matched, and words a refusal", async (locale, none, noneAsked, refusal, ofDraft) => {
    const base = { rule: null, then: { format: "base64" as const }, headers: {} };
    expect(await render(locale, h(TesterResult, { verdict: base, asked: false, draft: true }))).toContain(none);
    expect(await render(locale, h(TesterResult, { verdict: base, asked: true, draft: true }))).toContain(noneAsked);
    const refused = await render(locale, h(TesterResult, { verdict: { rule: "Region", then: { status: 451 }, headers: {} }, asked: false, draft: true }));
    expect(refused).toContain(refusal);
    expect(refused).toContain(ofDraft);
    expect(refused).not.toContain(none);
  });
});

describe("RulesTester", () => {
  it.each([
    ["en", "User-Agent", "Other request headers", "Test the text in the editor instead of the saved rules"],
    ["zh-CN", "User-Agent", "其他请求头", "测试编辑器中的文本，而不是已保存的规则"],
  ] as const)("%s: shows its fields and no result before a test", async (locale, ...labels) => {
    const html = await renderHtml(locale, h(RulesTester, { draftText: "[]", formats: ["clash", "stash"] }));
    for (const id of ["rules-tester-ua", "rules-tester-headers", "rules-tester-run"]) expect(html).toContain(`data-testid="${id}"`);
    expect(html).not.toContain("rules-tester-result");
    const text = await render(locale, h(RulesTester, { draftText: "[]", formats: ["clash", "stash"] }));
    for (const l of labels) expect(text).toContain(l);
  });
});

describe("headersFromText", () => {
  it("reads Name: value lines, lower-cases names, and lets the User-Agent field win", () => {
    expect(headersFromText("clash-verge/v2", "Accept: text/html\n\nX-Region:  cn \nUser-Agent: other")).toEqual({ ok: true, headers: { accept: "text/html", "x-region": "cn", "user-agent": "clash-verge/v2" } });
    expect(headersFromText("", "Accept: */*\nnot a header")).toEqual({ ok: false, line: 2 });
  });
});
