// Fixtures for the telemetry tests: node rows inserted directly (the nodes service is another
// area) with an agent token hashed exactly as that service stores it. They are VISIBLE unless a test
// asks otherwise: these tests are about a live node's telemetry, not about a new node's visibility.
import { makeCtx, type Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { nodes, type NodeVisibility } from "../../src/server/db/schema";
import { newAgentToken } from "../../src/server/services/telemetry";

let seq = 0;

export async function insertNode(db: Db, opts: { name?: string; withToken?: boolean; visibility?: NodeVisibility } = {}): Promise<{ id: string; name: string; token: string | null }> {
  const name = opts.name ?? `node-${Date.now().toString(36)}-${seq++}`;
  const minted = opts.withToken === false ? null : newAgentToken();
  const [row] = await db
    .insert(nodes)
    .values({
      name,
      panelUrl: "http://127.0.0.1:1/panel",
      panelUsername: "admin",
      panelPasswordEnc: "not-a-real-ciphertext",
      // Deliberately undecryptable: resolving a token must never need to decrypt anything.
      agentTokenEnc: minted ? "undecryptable-on-purpose" : null,
      agentTokenHash: minted?.hash ?? null,
      agentTokenCreatedAt: minted ? new Date() : null,
      visibility: opts.visibility ?? "VISIBLE",
    })
    .returning({ id: nodes.id });
  return { id: row!.id, name, token: minted?.token ?? null };
}

export const agentCtx = (db: Db, nodeId: string, now?: Date): Ctx => makeCtx(db, { kind: "agent", nodeId }, now ? { now: () => now } : {});
export const fixedCtx = (ctx: Ctx, now: Date): Ctx => ({ ...ctx, now: () => now });
