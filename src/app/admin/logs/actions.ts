"use server";
// The log pages' writes, under the contract's names (the verbs check for an admin caller and
// validate the input).
import { runAction } from "@/server/actions/run-action";
import { cleanupExpiredAdminLogs as cleanup, deleteAdminLogEntry as deleteEntry } from "@/server/services/logs";

/** Deletes one entry of `target`; a kept row (active restriction, unfinished task) is a 409. */
export async function deleteAdminLogEntry(input: { target: string; id: string }) {
  return runAction((ctx) => deleteEntry(ctx, input), { revalidate: ["/admin/logs"] });
}

/** Removes `target` ("all" or one kind) rows older than `cutoffDays`; answers the count per kind. */
export async function cleanupExpiredAdminLogs(input: { target: string; cutoffDays: number }) {
  return runAction((ctx) => cleanup(ctx, input), { revalidate: ["/admin/logs"] });
}
