"use server";
// The log pages' writes (the verbs check for an admin caller and validate the input).
import { runAction } from "@/server/actions/run-action";
import { cleanupExpiredAdminLogs, deleteAdminLogEntry } from "@/server/services/logs";

export async function deleteAdminLogEntryAction(input: { target: string; id: string }) {
  return runAction((ctx) => deleteAdminLogEntry(ctx, input), { revalidate: ["/admin/logs"] });
}

/** Removes `target` ("all" or one kind) rows older than `cutoffDays`; answers the count per kind. */
export async function cleanupExpiredAdminLogsAction(input: { target: string; cutoffDays: number }) {
  return runAction((ctx) => cleanupExpiredAdminLogs(ctx, input), { revalidate: ["/admin/logs"] });
}
