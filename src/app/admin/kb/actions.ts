"use server";
// Admin knowledge base: thin wrappers; admins only (the wrapper and every verb check).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { createKbArticle, deleteKbArticle, deleteKbCategory, saveKbCategory, updateKbArticle } from "@/server/services/kb";

const OPTS = { revalidate: ["/admin/kb"], permission: "kb.manage" as const };
const brief = (a: { id: string; slug: string; locale: string; title: string }) => ({ id: a.id, slug: a.slug, locale: a.locale, title: a.title });

export async function createKbArticleAction(...a: [input: Record<string, unknown>]) {
  return runAction(args(["input", fields]), a, async (ctx, [input]) => brief(await createKbArticle(ctx, input)), OPTS);
}

export async function updateKbArticleAction(...a: [id: string, input: Record<string, unknown>]) {
  return runAction(args(["id", str], ["input", fields]), a, async (ctx, [id, input]) => brief(await updateKbArticle(ctx, id, input)), OPTS);
}

export async function deleteKbArticleAction(...a: [id: string]) {
  return runAction(args(["id", str]), a, (ctx, [id]) => deleteKbArticle(ctx, id), OPTS);
}

export async function saveKbCategoryAction(...a: [input: Record<string, unknown>]) {
  return runAction(args(["input", fields]), a, (ctx, [input]) => saveKbCategory(ctx, input), OPTS);
}

export async function deleteKbCategoryAction(...a: [slug: string]) {
  return runAction(args(["slug", str]), a, (ctx, [slug]) => deleteKbCategory(ctx, slug), OPTS);
}
