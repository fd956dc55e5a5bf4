// The owner of an active streaming subscription reads the shared account's credentials. Every
// reveal is audited (what and when, never the credentials themselves).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { streamingServices, subscriptions } from "../../db/schema";
import { decryptSecret } from "../../crypto/secrets";
import { conflict, DomainError, unavailable } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { subscriptionMissing } from "./admin-ops";

export async function revealStreamingCredentials(ctx: Ctx, rawId: string): Promise<{ serviceName: string; credentials: string }> {
  const { userId } = requireUser(ctx);
  const id = parseInput(z.uuid(), rawId);
  const [row] = await ctx.db
    .select({ sub: subscriptions, serviceName: streamingServices.name, credentialsEnc: streamingServices.credentialsEnc })
    .from(subscriptions)
    .leftJoin(streamingServices, eq(streamingServices.id, subscriptions.streamingServiceId))
    .where(eq(subscriptions.id, id));
  // Owner only: an admin reads a service's credentials on the streaming page, not through a user's subscription.
  if (!row || row.sub.userId !== userId) throw subscriptionMissing();
  const { sub } = row;
  if (sub.kind !== "STREAMING") throw conflict("subscription_not_streaming");
  if (sub.status !== "ACTIVE" || sub.riskRestricted || sub.expiresAt.getTime() <= ctx.now().getTime()) throw conflict("streaming_credentials_inactive");
  if (!row.credentialsEnc || row.serviceName === null) throw new DomainError("NOT_FOUND", "streaming_service_not_found");
  let credentials: string;
  try {
    credentials = decryptSecret(row.credentialsEnc);
  } catch {
    throw unavailable("streaming_credentials_unreadable");
  }
  await recordAudit(ctx, { action: "subscription.streaming_credentials_revealed", targetType: "subscription", targetId: id, metadata: { serviceId: sub.streamingServiceId } });
  return { serviceName: row.serviceName, credentials };
}
