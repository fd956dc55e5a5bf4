"use server";
// Admin risk review operations (interface.md "Admin, subscription risk"): thin wrappers; every verb
// checks for an admin caller itself.
import { runAction } from "@/server/actions/run-action";
import { keepRiskBanned as keep, releaseRiskEvent as release } from "@/server/services/risk/release";
import { updateRiskReview as review } from "@/server/services/risk/review";
import { generateRiskReport as generate, sendRiskReport as send } from "@/server/services/risk/risk-report";

const pages = (id: string) => ["/admin/risk", `/admin/risk/${id}`];

export async function updateRiskReview(id: string, status: string, note: string) {
  return runAction(async (ctx) => {
    const r = await review(ctx, { id, status, note });
    return { changed: r.changed };
  }, { revalidate: pages(id) });
}

/** Answers the report text, in the user's language. */
export async function generateRiskReport(id: string) {
  return runAction(async (ctx) => ({ report: (await generate(ctx, id)).report }), { revalidate: pages(id) });
}

/** `sent` is false when it had already been sent (nothing changed). */
export async function sendRiskReport(id: string) {
  return runAction(async (ctx) => ({ sent: (await send(ctx, id)).sent }), { revalidate: pages(id) });
}

/** Answers how many subscriptions run again. */
export async function releaseRiskEvent(id: string) {
  return runAction(async (ctx) => ({ restored: (await release(ctx, id)).restored.length }), { revalidate: [...pages(id), "/admin/subscriptions"] });
}

export async function keepRiskBanned(id: string) {
  return runAction(async (ctx) => {
    await keep(ctx, id);
  }, { revalidate: pages(id) });
}
