// `kb create|list|delete` and `kb category list|set|delete` through the CLI's own parser and runner:
// an article file creates, the same file again updates (slug + language), the list shows votes,
// delete takes every language or one, and bad files and arguments are refused with their field.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { kbCommands } from "../../cli/commands/kb";
import { runCli } from "../../cli/run-cli";
import type { Db } from "../../src/server/db/client";
import { auditLogs } from "../../src/server/db/schema";
import { testDbForFile } from "../helpers/db";

const t = testDbForFile();
const dir = mkdtempSync(path.join(tmpdir(), "rb-kb-cli-"));

async function kb(db: Db, ...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["kb", ...argv], { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), db, locale: "en" }, kbCommands);
  return { code, stdout, stderr };
}
const file = (name: string, body: unknown) => {
  const p = path.join(dir, name);
  writeFileSync(p, typeof body === "string" ? body : JSON.stringify(body));
  return p;
};

describe("kb commands", () => {
  it("create reads the article file; the same slug and language again updates it; both are audited as the CLI", async () => {
    const article = { slug: "set-up-clash", locale: "en", title: "Set up Clash", category: "clients", bodyMarkdown: "Import the link.", public: true };
    const first = await kb(t.db, "create", "--file", file("a.json", article), "--json");
    expect(first.code).toBe(0);
    const created = JSON.parse(first.stdout) as { created: boolean; article: { id: string } };
    expect(created).toEqual({ created: true, article: { id: expect.any(String), slug: "set-up-clash", locale: "en", title: "Set up Clash", category: "clients", public: true, sortOrder: 0, createdAt: expect.any(String), updatedAt: expect.any(String) } });
    const again = await kb(t.db, "create", "--file", file("a2.json", { ...article, title: "Set up Clash Verge" }));
    expect(again).toEqual({ code: 0, stdout: `article set-up-clash (en) updated: ${created.article.id}\n`, stderr: "" });
    const zh = await kb(t.db, "create", "--data", JSON.stringify({ ...article, locale: "zh-CN", title: "配置 Clash", public: false }));
    expect(zh.stdout).toMatch(/^article set-up-clash \(zh-CN\) created: [0-9a-f-]{36}\n$/);
    const audit = await t.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, "kb_article"), eq(auditLogs.targetId, created.article.id))).orderBy(asc(auditLogs.id));
    expect(audit.map((a) => [a.action, a.actorKind])).toEqual([
      ["admin.kb.article.create", "cli"],
      ["admin.kb.article.update", "cli"],
    ]);
  });

  it("list prints a table or JSON with each article's votes", async () => {
    const json = JSON.parse((await kb(t.db, "list", "--json")).stdout) as { articles: Record<string, unknown>[]; total: number };
    expect(json.total).toBe(2);
    expect(json.articles.map((a) => [a.slug, a.locale, a.public, a.helpful, a.notHelpful])).toEqual([
      ["set-up-clash", "en", true, 0, 0],
      ["set-up-clash", "zh-CN", false, 0, 0],
    ]);
    const text = await kb(t.db, "list", "--locale", "zh-CN");
    expect(text.stdout).toMatch(/SLUG\s+LOCALE\s+CATEGORY\s+READERS\s+VOTES\s+TITLE/);
    expect(text.stdout).toMatch(/set-up-clash\s+zh-CN\s+clients\s+signed-in\s+\+0 -0\s+配置 Clash/);
    expect(text.stdout).not.toContain("Set up Clash Verge");
    expect(text.stdout).toContain("(1 articles)");
  });

  it("category set words a category, list shows it, delete refuses one in use", async () => {
    expect((await kb(t.db, "category", "set", "clients", "--en", "Client apps", "--zh", "客户端", "--order", "1")).stdout).toBe("category clients saved: Client apps / 客户端\n");
    expect(JSON.parse((await kb(t.db, "category", "list", "--json")).stdout)).toEqual({ categories: [{ key: "clients", nameEn: "Client apps", nameZh: "客户端", sortOrder: 1, articles: 2 }] });
    const refused = await kb(t.db, "category", "delete", "clients");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("2 articles are still in this category");
  });

  it("refuses a file that is no article, naming the field; an unreadable file is a usage error", async () => {
    const bad = await kb(t.db, "create", "--file", file("bad.json", { slug: "Not A Slug", locale: "fr", title: "x", category: "clients" }));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/slug/);
    expect(bad.stderr).toMatch(/locale/);
    expect((await kb(t.db, "create", "--file", file("text.json", "not json"))).code).toBe(1);
    expect((await kb(t.db, "create", "--file", path.join(dir, "missing.json"))).code).toBe(2);
  });

  it("delete takes one language with --locale, or every language; an unknown slug is an error", async () => {
    expect((await kb(t.db, "delete", "set-up-clash", "--locale", "zh-CN")).stdout).toBe("article set-up-clash deleted (zh-CN)\n");
    expect(JSON.parse((await kb(t.db, "delete", "set-up-clash", "--json")).stdout)).toEqual({ deleted: [{ id: expect.any(String), locale: "en" }] });
    const gone = await kb(t.db, "delete", "set-up-clash");
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain("No such help article.");
    expect((await kb(t.db, "delete", "x", "--locale", "fr")).code).toBe(1);
    expect((await kb(t.db, "category", "delete", "clients")).stdout).toBe("category clients deleted\n");
  });
});
