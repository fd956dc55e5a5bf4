"use server";
// The log pages' writes, under the contract's names (admins only: the wrapper and the verbs check;
// the verbs validate the fields).
import { args, fields } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { cleanupExpiredAdminLogs as cleanup, deleteAdminLogEntry as deleteEntry } from "@/server/services/logs";

const OPTS = { revalidate: ["/admin/logs"], permission: "logs.write" as const };
const Input = args(["input", fields]);

/** Deletes one entry of `target`; a kept row (active restriction, unfinished task) is a 409. */
export async function deleteAdminLogEntry(...a: [input: { target: string; id: string }]) {
  return runAction(Input, a, (ctx, [input]) => deleteEntry(ctx, input), OPTS);
}

/** Removes `target` ("all" or one kind) rows older than `cutoffDays`; answers the count per kind. */
export async function cleanupExpiredAdminLogs(...a: [input: { target: string; cutoffDays: number }]) {
  return runAction(Input, a, (ctx, [input]) => cleanup(ctx, input), OPTS);
}
