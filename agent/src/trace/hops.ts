// What every trace parser produces, and the contract's trace shape (interface.md "trace", "hop").
import type { Carrier } from "../config";

export interface ParsedHop {
  /** TTL / hop index, from 1. */
  hop: number;
  /** Null for a probe that got no answer ("*"). */
  ip: string | null;
  hostname?: string;
  /** Best round trip of this responder, ms. */
  latencyMs: number | null;
  asn?: string;
  owner?: string;
  isp?: string;
  geo?: string;
}

export interface ContractHop {
  hop: number;
  ip: string;
  geo: string;
  latency: number | null;
  asn: string;
  owner: string;
  isp: string;
}

export interface ContractTrace {
  carrier: Carrier;
  hops: ContractHop[];
  /** The server classifies the line itself and ignores this; sent empty. */
  summary: string;
  hopCount: number;
}

/** The server keeps at most this many hop entries per trace (normalize-hops.ts MAX_HOPS). */
export const MAX_CONTRACT_HOPS = 64;
const MAX_TEXT = 128;

const clip = (s: string | undefined) => (s ?? "").slice(0, MAX_TEXT);

/**
 * Responding hops only ("*" tells the server nothing and it drops them), several responders of one
 * hop as several entries with the same hop number. hopCount is the last hop that answered.
 */
export function toContractTrace(carrier: Carrier, hops: ParsedHop[]): ContractTrace {
  const answered = hops.filter((h) => h.ip);
  return {
    carrier,
    hops: answered.slice(0, MAX_CONTRACT_HOPS).map((h) => ({
      hop: h.hop,
      ip: h.ip!,
      geo: clip(h.geo),
      latency: h.latencyMs,
      asn: clip(h.asn),
      owner: clip(h.owner),
      isp: clip(h.isp),
    })),
    summary: "",
    hopCount: answered.reduce((max, h) => Math.max(max, h.hop), 0),
  };
}
