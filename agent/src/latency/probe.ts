// TCP connect time to each carrier target. The name is resolved first, outside the timing, so a slow
// resolver never reads as a slow route; each target is tried several times and the best try kept
// (the path's latency, not its worst moment); a target that never answers is left out.
import { promises as dns } from "node:dns";
import net from "node:net";
import type { Carrier, HostPort } from "../config";

export interface LatencyItem {
  carrier: Carrier;
  latencyMs: number;
}

export type Resolve = (host: string) => Promise<string>;
export type Connect = (ip: string, port: number, timeoutMs: number) => Promise<number>;

export const systemResolve: Resolve = async (host) => (net.isIP(host) ? host : (await dns.lookup(host)).address);

/** Milliseconds from connect() to the established connection. */
export const tcpConnect: Connect = (ip, port, timeoutMs) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect({ host: ip, port });
    socket.setTimeout(timeoutMs);
    socket.once("connect", () => {
      const ms = performance.now() - started;
      socket.destroy();
      resolve(ms);
    });
    socket.once("timeout", () => {
      socket.destroy();
      reject(new Error("timed out"));
    });
    socket.once("error", (err) => {
      socket.destroy();
      reject(err);
    });
  });

export interface ProbeOptions {
  tries: number;
  timeoutMs: number;
  resolve?: Resolve;
  connect?: Connect;
}

export interface TargetResult {
  carrier: Carrier;
  target: string;
  bestMs: number | null;
  error?: string;
}

export async function probeTarget(carrier: Carrier, t: HostPort, opts: ProbeOptions): Promise<TargetResult> {
  const resolve = opts.resolve ?? systemResolve;
  const connect = opts.connect ?? tcpConnect;
  const target = `${t.host}:${t.port}`;
  let ip: string;
  try {
    ip = await resolve(t.host);
  } catch (err) {
    return { carrier, target, bestMs: null, error: `cannot resolve: ${(err as Error).message}` };
  }
  let best: number | null = null;
  let error: string | undefined;
  for (let i = 0; i < opts.tries; i++) {
    try {
      const ms = await connect(ip, t.port, opts.timeoutMs);
      if (best === null || ms < best) best = ms;
    } catch (err) {
      error = (err as Error).message;
    }
  }
  return { carrier, target, bestMs: best === null ? null : Math.round(best * 100) / 100, ...(best === null && error ? { error } : {}) };
}

/**
 * One latency item per carrier: the best of its targets (the route a user on that carrier can get).
 * Carriers whose targets all failed are left out.
 */
export async function measureLatencies(targets: Partial<Record<Carrier, HostPort[]>>, opts: ProbeOptions): Promise<{ items: LatencyItem[]; results: TargetResult[] }> {
  const results: TargetResult[] = [];
  const items: LatencyItem[] = [];
  for (const [carrier, list] of Object.entries(targets) as [Carrier, HostPort[]][]) {
    let best: number | null = null;
    for (const t of list) {
      const r = await probeTarget(carrier, t, opts);
      results.push(r);
      if (r.bestMs !== null && (best === null || r.bestMs < best)) best = r.bestMs;
    }
    if (best !== null) items.push({ carrier, latencyMs: best });
  }
  return { items, results };
}
