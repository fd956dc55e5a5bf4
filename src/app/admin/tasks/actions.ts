"use server";
// The task center's one write: put tasks back in the queue (the verb checks for an admin caller).
import { runAction } from "@/server/actions/run-action";
import { retryTasks } from "@/server/services/tasks";

/** One result per task: `{ id, ok, reason? }`. */
export async function retryTasksAction(ids: string[]) {
  return runAction((ctx) => retryTasks(ctx, { ids }), { revalidate: ["/admin/tasks"] });
}
