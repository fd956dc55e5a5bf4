"use server";
// Admin streaming services: thin wrappers; admins only (the wrapper and every verb check).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { createStreamingService, deleteStreamingService, revealStreamingCredentials, updateStreamingService } from "@/server/services/catalog";

const OPTS = { revalidate: ["/admin/streaming", "/admin/plans", "/"], permission: "catalog.write" as const };
const Id = args(["id", str]);

export async function createStreamingServiceAction(...a: [input: Record<string, unknown>]) {
  return runAction(args(["input", fields]), a, (ctx, [input]) => createStreamingService(ctx, input), OPTS);
}

export async function updateStreamingServiceAction(...a: [id: string, input: Record<string, unknown>]) {
  return runAction(args(["id", str], ["input", fields]), a, (ctx, [id, input]) => updateStreamingService(ctx, id, input), OPTS);
}

export async function deleteStreamingServiceAction(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => deleteStreamingService(ctx, id), OPTS);
}

/** Audited on the server; nothing is cached or revalidated. */
export async function revealStreamingCredentialsAction(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => revealStreamingCredentials(ctx, id), { permission: "catalog.write" });
}
