"use server";
// Admin risk review operations (interface.md "Admin, subscription risk"): thin wrappers; admins only
// (the wrapper and every verb check).
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { keepRiskBanned as keep, releaseRiskEvent as release } from "@/server/services/risk/release";
import { updateRiskReview as review } from "@/server/services/risk/review";
import { generateRiskReport as generate, sendRiskReport as send } from "@/server/services/risk/risk-report";

const pages = ([id]: readonly [string, ...unknown[]]) => ["/admin/risk", `/admin/risk/${id}`];
const Id = args(["id", str]);

export async function updateRiskReview(...a: [id: string, status: string, note: string]) {
  return runAction(args(["id", str], ["status", str], ["note", str]), a, async (ctx, [id, status, note]) => {
    const r = await review(ctx, { id, status, note });
    return { changed: r.changed };
  }, { revalidate: pages, permission: "risk.write" });
}

/** Answers the report text, in the user's language. */
export async function generateRiskReport(...a: [id: string]) {
  return runAction(Id, a, async (ctx, [id]) => ({ report: (await generate(ctx, id)).report }), { revalidate: pages, permission: "risk.write" });
}

/** `sent` is false when it had already been sent (nothing changed). */
export async function sendRiskReport(...a: [id: string]) {
  return runAction(Id, a, async (ctx, [id]) => ({ sent: (await send(ctx, id)).sent }), { revalidate: pages, permission: "risk.write" });
}

/** Answers how many subscriptions run again. */
export async function releaseRiskEvent(...a: [id: string]) {
  return runAction(Id, a, async (ctx, [id]) => ({ restored: (await release(ctx, id)).restored.length }), { revalidate: (p) => [...pages(p), "/admin/subscriptions"], permission: "risk.write" });
}

export async function keepRiskBanned(...a: [id: string]) {
  return runAction(Id, a, async (ctx, [id]) => {
    await keep(ctx, id);
  }, { revalidate: pages, permission: "risk.write" });
}
