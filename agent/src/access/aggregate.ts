// Parsed lines of one interval -> node-access events (interface.md "node-access event"), one per
// (client email, source IP, inbound tag, network, action). Pure apart from the injected zone.
import { isLoopback, parseAccessLine, type AccessLine } from "./parse-line";
import { zonedTime, type ZoneOffset, type ZonedTime } from "./local-time";

export interface NodeAccessEvent {
  clientEmail: string;
  sourceIp: string;
  inboundTag: string;
  network: string;
  targetHost: string;
  targetPort: number;
  action: string;
  connectionCount: number;
  uniqueTargetCount: number;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface AggregateCounts {
  lines: number;
  used: number;
  unparsed: number;
  noEmail: number;
  localApi: number;
  loopback: number;
  noSourceIp: number;
}

export interface AggregateOptions {
  zone: ZoneOffset;
}

interface Group {
  key: string;
  email: string;
  sourceIp: string;
  inboundTag: string;
  network: string;
  action: string;
  count: number;
  /** host:port -> [count, first index] */
  targets: Map<string, { host: string; port: number; count: number; order: number }>;
  first: ZonedTime;
  last: ZonedTime;
}

// Lines on the panel's API inbound are 3x-ui polling the core, never a client.
const API_TAG = "api";

export function emptyCounts(): AggregateCounts {
  return { lines: 0, used: 0, unparsed: 0, noEmail: 0, localApi: 0, loopback: 0, noSourceIp: 0 };
}

export class AccessAggregator {
  private groups = new Map<string, Group>();
  private order = 0;
  readonly counts: AggregateCounts = emptyCounts();

  constructor(private readonly opts: AggregateOptions) {}

  addLine(raw: string): void {
    if (!raw.trim()) return;
    this.counts.lines++;
    const line = parseAccessLine(raw);
    if (!line) {
      this.counts.unparsed++;
      return;
    }
    this.add(line);
  }

  add(line: AccessLine): void {
    if (line.inboundTag === API_TAG && line.outboundTag === API_TAG) {
      this.counts.localApi++;
      return;
    }
    if (!line.email) {
      this.counts.noEmail++;
      return;
    }
    if (!line.sourceIp) {
      this.counts.noSourceIp++;
      return;
    }
    // The server skips them as local API traffic too (behaviour §10); no need to send them.
    if (isLoopback(line.sourceIp)) {
      this.counts.loopback++;
      return;
    }
    this.counts.used++;
    const inboundTag = line.inboundTag ?? "";
    const network = line.network ?? "";
    const key = JSON.stringify([line.email, line.sourceIp, inboundTag, network, line.status]);
    const seen = zonedTime(line.time, this.opts.zone);
    let g = this.groups.get(key);
    if (!g) {
      g = { key, email: line.email, sourceIp: line.sourceIp, inboundTag, network, action: line.status, count: 0, targets: new Map(), first: seen, last: seen };
      this.groups.set(key, g);
    }
    g.count++;
    if (seen.epochMs < g.first.epochMs) g.first = seen;
    if (seen.epochMs >= g.last.epochMs) g.last = seen;
    const tkey = `${line.targetHost}\u0000${line.targetPort}`;
    const t = g.targets.get(tkey);
    if (t) t.count++;
    else g.targets.set(tkey, { host: line.targetHost, port: line.targetPort, count: 1, order: this.order++ });
  }

  /** The events so far, in order of first appearance. */
  events(): NodeAccessEvent[] {
    return [...this.groups.values()].map((g) => {
      let top: { host: string; port: number; count: number; order: number } | undefined;
      for (const t of g.targets.values()) if (!top || t.count > top.count || (t.count === top.count && t.order < top.order)) top = t;
      return {
        clientEmail: g.email,
        sourceIp: g.sourceIp,
        inboundTag: g.inboundTag,
        network: g.network,
        targetHost: top?.host ?? "",
        targetPort: top?.port ?? 0,
        action: g.action,
        connectionCount: g.count,
        uniqueTargetCount: g.targets.size,
        firstSeenAt: g.first.iso,
        lastSeenAt: g.last.iso,
      };
    });
  }
}

export function aggregateLines(lines: Iterable<string>, opts: AggregateOptions): { events: NodeAccessEvent[]; counts: AggregateCounts } {
  const agg = new AccessAggregator(opts);
  for (const l of lines) agg.addLine(l);
  return { events: agg.events(), counts: agg.counts };
}
