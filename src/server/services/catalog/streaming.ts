// Streaming services: a shared account (credentials encrypted at rest) split into slots. Lists never
// carry the credentials; an admin reads them with revealStreamingCredentials, which is audited.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { decryptSecret, encryptSecret } from "../../crypto/secrets";
import type { Db } from "../../db/client";
import { isUniqueViolation, pgErrorCode } from "../../db/pg-errors";
import { plans, streamingServices, type StreamingService } from "../../db/schema";
import { conflict, DomainError, unavailable } from "../../errors";
import { isUuid } from "../../uuid";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { StreamingServiceInput, StreamingServiceUpdateInput } from "./inputs";

const notFound = () => new DomainError("NOT_FOUND", "streaming_service_not_found");
const nameTaken = (err: unknown) => (isUniqueViolation(err) ? conflict("streaming_service_name_taken", { fields: { name: "taken" } }) : err);
const slotsBelowHeld = (held: number) => conflict("streaming_slots_below_held", { held, fields: { slotCount: "below_held" }, fieldParams: { slotCount: { held } } });

async function getServiceOrThrow(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<StreamingService> {
  if (!isUuid(id)) throw notFound();
  const q = db.select().from(streamingServices).where(eq(streamingServices.id, id)).limit(1);
  const [s] = opts.forUpdate ? await q.for("update") : await q;
  if (!s) throw notFound();
  return s;
}

/** What admins see of a service in lists and after a write: never the credentials or their ciphertext. */
function publicService(s: StreamingService, planCount = 0) {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    slotCount: s.slotCount,
    slotsHeld: s.slotsHeld,
    slotsFree: Math.max(0, s.slotCount - s.slotsHeld),
    enabled: s.enabled,
    planCount,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
export type PublicStreamingService = ReturnType<typeof publicService>;

export async function createStreamingService(ctx: Ctx, raw: unknown): Promise<PublicStreamingService> {
  requireAdmin(ctx, "catalog.write");
  const input = parseInput(StreamingServiceInput, raw);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [s] = await tx
        .insert(streamingServices)
        .values({ name: input.name, description: input.description, credentialsEnc: encryptSecret(input.credentials), slotCount: input.slotCount, enabled: input.enabled })
        .returning();
      await recordAudit(ctx, { action: "admin.streaming.create", targetType: "streaming_service", targetId: s!.id, metadata: { name: input.name, slotCount: input.slotCount } }, tx);
      return publicService(s!);
    });
  } catch (err) {
    throw nameTaken(err);
  }
}

/** Empty credentials keep the stored ones. slotCount below the slots already held is refused (409). */
export async function updateStreamingService(ctx: Ctx, id: string, raw: unknown): Promise<PublicStreamingService> {
  requireAdmin(ctx, "catalog.write");
  const input = parseInput(StreamingServiceUpdateInput, raw);
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await getServiceOrThrow(tx, id, { forUpdate: true });
      const [s] = await tx
        .update(streamingServices)
        .set({
          name: input.name,
          description: input.description,
          ...(input.credentials ? { credentialsEnc: encryptSecret(input.credentials) } : {}),
          slotCount: input.slotCount,
          enabled: input.enabled,
          updatedAt: sql`now()`,
        })
        .where(and(eq(streamingServices.id, id), lte(streamingServices.slotsHeld, input.slotCount)))
        .returning();
      if (!s) throw slotsBelowHeld(before.slotsHeld);
      const changed = (["name", "description", "slotCount", "enabled"] as const).filter((k) => before[k] !== input[k]) as string[];
      if (input.credentials) changed.push("credentials");
      await recordAudit(ctx, { action: "admin.streaming.update", targetType: "streaming_service", targetId: id, metadata: { name: input.name, fields: changed } }, tx);
      return publicService(s);
    });
  } catch (err) {
    if (pgErrorCode(err) === "23514") {
      const [s] = await ctx.db.select({ held: streamingServices.slotsHeld }).from(streamingServices).where(eq(streamingServices.id, id));
      throw slotsBelowHeld(s?.held ?? 0);
    }
    throw nameTaken(err);
  }
}

/** Refused (409 streaming_service_in_use) while any plan sells the service. */
export async function deleteStreamingService(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  requireAdmin(ctx, "catalog.write");
  try {
    await ctx.db.transaction(async (tx) => {
      const s = await getServiceOrThrow(tx, id, { forUpdate: true });
      const [used] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.streamingServiceId, id)).limit(1);
      if (used) throw conflict("streaming_service_in_use");
      await tx.delete(streamingServices).where(eq(streamingServices.id, id));
      await recordAudit(ctx, { action: "admin.streaming.delete", targetType: "streaming_service", targetId: id, metadata: { name: s.name } }, tx);
    });
  } catch (err) {
    if (pgErrorCode(err) === "23503") throw conflict("streaming_service_in_use");
    throw err;
  }
  return { deleted: true };
}

/** Every service with the number of plans selling it; no credentials. */
export async function listStreamingServices(ctx: Ctx): Promise<PublicStreamingService[]> {
  requireAdmin(ctx, "catalog.read");
  const rows = await ctx.db
    .select({ s: streamingServices, planCount: sql<number>`(select count(*)::int from ${plans} where ${plans.streamingServiceId} = ${streamingServices.id})` })
    .from(streamingServices)
    .orderBy(asc(streamingServices.name));
  return rows.map((r) => publicService(r.s, Number(r.planCount)));
}

/** The decrypted credentials, for an admin who asked for them explicitly; every reveal is audited. */
export async function revealStreamingCredentials(ctx: Ctx, id: string): Promise<{ id: string; credentials: string }> {
  requireAdmin(ctx, "catalog.write");
  const s = await getServiceOrThrow(ctx.db, id);
  let credentials: string;
  try {
    credentials = decryptSecret(s.credentialsEnc);
  } catch {
    throw unavailable("streaming_credentials_unreadable");
  }
  await recordAudit(ctx, { action: "admin.streaming.reveal_credentials", targetType: "streaming_service", targetId: id, metadata: { name: s.name } });
  return { id, credentials };
}
