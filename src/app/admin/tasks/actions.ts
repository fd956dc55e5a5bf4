"use server";
// The task center's writes (admins only: the wrapper and the verbs check).
import { args, noArgs, strList } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { refreshTrafficViews } from "@/server/services/subscription-lifecycle";
import { retryTasks } from "@/server/services/tasks";

/** One result per task: `{ id, ok, reason? }`. */
export async function retryTasksAction(...a: [ids: string[]]) {
  return runAction(args(["ids", strList]), a, (ctx, [ids]) => retryTasks(ctx, { ids }), { revalidate: ["/admin/tasks"], permission: "tasks.write" });
}

/**
 * Runs the traffic sync now and drops the cached copies of the pages that show usage. Every page is
 * rendered per request, so a subscription's own page reads the new figures on its next visit; the
 * list pages are named so a browser's router cache does not keep showing the old ones.
 */
export async function refreshTrafficViewsAction(...a: []) {
  return runAction(noArgs, a, (ctx) => refreshTrafficViews(ctx), { revalidate: ["/admin/traffic", "/admin/subscriptions", "/subscriptions", "/dashboard", "/admin/tasks"], permission: "nodes.write" });
}
