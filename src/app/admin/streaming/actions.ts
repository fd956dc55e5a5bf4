"use server";
// Admin streaming services: thin wrappers; every verb checks for an admin caller itself.
import { runAction } from "@/server/actions/run-action";
import { createStreamingService, deleteStreamingService, revealStreamingCredentials, updateStreamingService } from "@/server/services/catalog";

const PAGES = ["/admin/streaming", "/admin/plans", "/"];

export async function createStreamingServiceAction(input: Record<string, unknown>) {
  return runAction((ctx) => createStreamingService(ctx, input), { revalidate: PAGES });
}

export async function updateStreamingServiceAction(id: string, input: Record<string, unknown>) {
  return runAction((ctx) => updateStreamingService(ctx, id, input), { revalidate: PAGES });
}

export async function deleteStreamingServiceAction(id: string) {
  return runAction((ctx) => deleteStreamingService(ctx, id), { revalidate: PAGES });
}

/** Audited on the server; nothing is cached or revalidated. */
export async function revealStreamingCredentialsAction(id: string) {
  return runAction((ctx) => revealStreamingCredentials(ctx, id));
}
