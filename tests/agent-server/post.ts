// Calls an /api/agent/* Route Handler the way the agent does: bearer token, optional
// Idempotency-Key and User-Agent, JSON body.
import { randomUUID } from "node:crypto";

export type RouteHandler = (req: Request) => Promise<Response>;

export interface AgentPost { token: string | null; key?: string | null; userAgent?: string | null; body: unknown }

export async function postAgent(handler: RouteHandler, p: AgentPost): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (p.token) headers.authorization = `Bearer ${p.token}`;
  if (p.key !== undefined && p.key !== null) headers["idempotency-key"] = p.key;
  if (p.userAgent) headers["user-agent"] = p.userAgent;
  const res = await handler(new Request("http://relayboard.test/api/agent/x", { method: "POST", headers, body: JSON.stringify(p.body) }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

export const newKey = () => randomUUID();

/** A node-access event for a seeded client email, from a fixed address. */
export const accessEvent = (email: string, sourceIp = "223.5.5.5", connectionCount = 3) => ({
  clientEmail: email,
  sourceIp,
  inboundTag: "inbound-443",
  network: "tcp",
  targetHost: "example.com",
  targetPort: 443,
  action: "accepted",
  connectionCount,
  uniqueTargetCount: 1,
});
