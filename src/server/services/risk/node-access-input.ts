// The node-access event as the agent sends it (interface.md "node-access event"). The contract leaves
// required-ness open (rule 7): we require a usable source address and accept the rest as optional
// with neutral defaults, so an older agent that omits a counter is still counted.
import { isIP } from "node:net";
import { z } from "zod";

/** Events per request; a larger batch is refused whole with 413 (the agent splits its batches). */
export const MAX_NODE_ACCESS_EVENTS = 1_000;
/** Request body cap, checked while reading: 1,000 events of a few hundred bytes each, with room. */
export const MAX_NODE_ACCESS_BODY_BYTES = 1024 * 1024;

const count = z.number().int().min(0).max(100_000_000);
const when = z.iso.datetime({ offset: true });

export const NodeAccessEvent = z.object({
  clientEmail: z.string().trim().max(320),
  sourceIp: z
    .string()
    .trim()
    .max(64)
    .transform((v) => v.replace(/^\[|\]$/g, ""))
    .refine((v) => isIP(v) !== 0, "sourceIp must be an IPv4 or IPv6 address"),
  inboundTag: z.string().trim().max(200).default(""),
  network: z.string().trim().max(16).default(""),
  targetHost: z.string().trim().max(255).default(""),
  targetPort: z.number().int().min(0).max(65_535).nullish(),
  // Rule 8: values beyond the sample ("accepted") are not listed, so any short word is kept as sent.
  action: z.string().trim().max(32).default(""),
  connectionCount: count.default(1),
  uniqueTargetCount: count.default(0),
  firstSeenAt: when.optional(),
  lastSeenAt: when.optional(),
});
export type NodeAccessEvent = z.infer<typeof NodeAccessEvent>;

/** Why an event was skipped; the response counts them (skippedReasons) besides the contract's total. */
export const SKIP_REASONS = ["risk_disabled", "no_email", "local_api", "unknown_email", "other_node", "invalid"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i;

/** 3x-ui's own API traffic (`[api -> api]` from 127.0.0.1): never a user's connection. */
export function isLocalApiTraffic(e: { inboundTag?: unknown; sourceIp?: unknown }): boolean {
  const tag = typeof e.inboundTag === "string" ? e.inboundTag.trim() : "";
  const ip = typeof e.sourceIp === "string" ? e.sourceIp.trim().replace(/^\[|\]$/g, "") : "";
  return tag === "api" || LOOPBACK.test(ip);
}
