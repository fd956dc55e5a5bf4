// Who may read or write telemetry. Checked inside every verb, not only by the routes (rule 2).
import type { Ctx } from "../../context";
import { unauthenticated } from "../../errors";
import { getSettingsWithSecrets } from "../settings";

/** Logged-in users always; anonymous callers only while the admin made telemetry public. */
export async function assertTelemetryReadable(ctx: Ctx): Promise<void> {
  const { kind, userId } = ctx.actor;
  if ((kind === "user" || kind === "admin") && userId) return;
  if (kind === "cli" || kind === "system") return;
  const { telemetryPublic } = await getSettingsWithSecrets(ctx.db);
  if (!telemetryPublic) throw unauthenticated("Please log in to see line latency and routes");
}

/** Reports come only from an agent, and always for the node its token belongs to. */
export function requireAgentNode(ctx: Ctx): string {
  if (ctx.actor.kind !== "agent" || !ctx.actor.nodeId) throw unauthenticated("An agent token is required");
  return ctx.actor.nodeId;
}
