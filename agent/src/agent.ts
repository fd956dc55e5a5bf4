// The agent: four kinds of report, each measured on its own interval and put in the on-disk queue,
// and one delivery step that empties the queue. They run one after the other in a single loop (no
// step overlaps another), which is what keeps the access-log hand-off exactly-once.
import { promises as fs } from "node:fs";
import { AccessReporter } from "./access/access-reporter";
import { systemZoneOffset, type ZoneOffset } from "./access/local-time";
import { LogTailer } from "./access/tailer";
import type { Clock } from "./clock";
import { CARRIERS, type AgentConfig } from "./config";
import { chunkItems, LIMITS } from "./delivery/chunk";
import { Deliverer, type FlushResult } from "./delivery/deliverer";
import type { PostFn } from "./delivery/http-post";
import { DiskQueue, type Batch, type QueuedRef, type ReportKind } from "./delivery/queue";
import { measureLatencies, type Connect, type Resolve } from "./latency/probe";
import { acquireLock } from "./lock";
import type { Logger } from "./log";
import { takeSample, toMetrics, type RawSample, type SampleSource } from "./metrics/sample";
import { statePaths } from "./state-paths";
import { StatusFile } from "./status";
import { toContractTrace, type ContractTrace } from "./trace/hops";
import { pickTool, traceTarget, type ConcreteTool, type ExecFn } from "./trace/run-trace";
import { AGENT_VERSION } from "./version";

export interface AgentDeps {
  config: AgentConfig;
  log: Logger;
  clock: Clock;
  post?: PostFn;
  exec?: ExecFn;
  findTool?: (name: string) => Promise<string | null>;
  resolve?: Resolve;
  connect?: Connect;
  metricsSource?: SampleSource;
  zone?: ZoneOffset;
  random?: () => number;
}

export const KINDS: ReportKind[] = ["node-access", "metrics", "latency", "trace"];

const MAX_SLEEP_MS = 3_600_000;
/** Samples per request the server takes (metrics-input.ts MAX_METRIC_SAMPLES, inputs.ts MAX_LATENCY_ITEMS). */
const MAX_METRIC_SAMPLES = 60;

type Coalesced = "metrics" | "latency";

const DEFAULT_ONCE_RETRIES = 3;

export const EXIT = { ok: 0, failed: 1, tokenRefused: 77, config: 78 } as const;

export class Agent {
  readonly queue: DiskQueue;
  readonly deliverer: Deliverer;
  private tailer: LogTailer | null = null;
  private access: AccessReporter | null = null;
  private lastSample: RawSample | null = null;
  private tool: { tool: ConcreteTool; file: string } | null | undefined;
  private unlock: (() => Promise<void>) | null = null;
  /**
   * The newest batch per kind that this process queued and has not sent yet. While the server is
   * away, new samples join it (one request an hour instead of one a minute when it is back); once
   * a send starts, the batch is frozen, because its Idempotency-Key is then in use.
   */
  private openBatches = new Map<Coalesced, { ref: QueuedRef; batch: Batch; items: unknown[] }>();
  private status!: StatusFile;
  private readonly paths;

  constructor(private readonly deps: AgentDeps) {
    const { config, log, clock } = deps;
    this.paths = statePaths(config.stateDir);
    this.queue = new DiskQueue({ dir: this.paths.queue, maxBatches: config.queue.maxBatches, maxBytes: config.queue.maxBytes, log, now: () => clock.now() });
    this.deliverer = new Deliverer({
      serverUrl: config.serverUrl,
      token: () => config.token,
      queue: this.queue,
      clock,
      log,
      post: deps.post,
      random: deps.random,
      onReport: (kind, r) => this.status.recordDelivery(kind, r),
      onAttempt: (b) => {
        for (const [kind, o] of this.openBatches) if (o.batch.id === b.id) this.openBatches.delete(kind);
      },
    });
  }

  intervalOf(kind: ReportKind): number {
    const { config } = this.deps;
    const hasTargets = CARRIERS.some((c) => config.targets[c].length > 0);
    switch (kind) {
      case "node-access":
        return config.accessLog.path ? config.intervals.access : 0;
      case "metrics":
        return config.intervals.metrics;
      case "latency":
        return hasTargets ? config.intervals.latency : 0;
      case "trace":
        return hasTargets ? config.intervals.trace : 0;
    }
  }

  async open(): Promise<void> {
    const { config, log, clock } = this.deps;
    await fs.mkdir(config.stateDir, { recursive: true, mode: 0o700 });
    this.unlock = await acquireLock(this.paths.lock);
    await this.queue.open();
    this.status = await StatusFile.open(this.paths.status, { agentVersion: AGENT_VERSION, pid: process.pid, startedAt: new Date(clock.now()).toISOString() });
    if (config.accessLog.path) {
      this.tailer = new LogTailer({ path: config.accessLog.path, statePath: this.paths.cursor, startAt: config.accessLog.startAt, log });
      await this.tailer.load();
      this.access = new AccessReporter({ tailer: this.tailer, queue: this.queue, zone: this.deps.zone ?? systemZoneOffset, log });
      await this.access.reconcile();
    }
    await this.saveStatus();
  }

  async close(): Promise<void> {
    await this.saveStatus().catch(() => undefined);
    await this.tailer?.close();
    await this.unlock?.();
    this.unlock = null;
  }

  private note(kind: ReportKind, ok: boolean, detail?: string): boolean {
    this.status.status.lastCycle[kind] = { at: new Date(this.deps.clock.now()).toISOString(), ok, ...(detail ? { detail } : {}) };
    return ok;
  }

  /** Measures one kind and queues its report. False when it failed (logged). */
  async cycle(kind: ReportKind, signal?: AbortSignal): Promise<boolean> {
    try {
      switch (kind) {
        case "node-access":
          return await this.cycleAccess();
        case "metrics":
          return await this.cycleMetrics(signal);
        case "latency":
          return await this.cycleLatency();
        case "trace":
          return await this.cycleTrace(signal);
      }
    } catch (err) {
      this.deps.log.error(`${kind} report failed`, { error: (err as Error).message });
      return this.note(kind, false, (err as Error).message);
    }
  }

  private async cycleAccess(): Promise<boolean> {
    if (!this.access || !this.tailer) return true;
    const r = await this.access.cycle();
    const c = this.tailer.committed();
    if (c) this.status.status.accessLog = { path: this.deps.config.accessLog.path!, dev: c.dev, ino: c.ino, offset: c.offset };
    if (r.lines) this.deps.log.info("access log read", { events: r.events, batches: r.batches, ...r.counts });
    return this.note("node-access", true, `${r.lines} lines, ${r.events} events`);
  }

  private async cycleMetrics(signal?: AbortSignal): Promise<boolean> {
    const { clock } = this.deps;
    const src = this.deps.metricsSource ?? {};
    let prev = this.lastSample;
    // Rates need two samples some time apart; take a baseline when there is none yet.
    if (!prev || clock.now() - prev.at < 1000) {
      prev = await takeSample(src, clock.now());
      await clock.sleep(1000, signal);
    }
    const cur = await takeSample(src, clock.now());
    this.lastSample = cur;
    await this.addItems("metrics", [toMetrics(prev, cur)], MAX_METRIC_SAMPLES);
    return this.note("metrics", true);
  }

  private async cycleLatency(): Promise<boolean> {
    const { config, log } = this.deps;
    const { items, results } = await measureLatencies(config.targets, {
      tries: config.latency.tries,
      timeoutMs: config.latency.timeoutMs,
      resolve: this.deps.resolve,
      connect: this.deps.connect,
    });
    for (const r of results) if (r.bestMs === null) log.warn("latency target unreachable", { carrier: r.carrier, target: r.target, error: r.error });
    if (!items.length) return this.note("latency", false, "no target answered");
    // measuredAt: the contract's item has no time, and a queued value is delivered late; a server that
    // reads it can log the value when it was taken, one that does not ignores it.
    const measuredAt = new Date(this.deps.clock.now()).toISOString();
    await this.addItems("latency", items.map((i) => ({ ...i, measuredAt })), LIMITS.latency.items);
    return this.note("latency", true, items.map((i) => `${i.carrier} ${i.latencyMs} ms`).join(", "));
  }

  private async cycleTrace(signal?: AbortSignal): Promise<boolean> {
    const { config, log } = this.deps;
    if (this.tool === undefined) {
      this.tool = await pickTool(config.trace.tool, this.deps.findTool);
      if (!this.tool) log.warn(`no route tool found (${config.trace.tool === "auto" ? "nexttrace, mtr or traceroute" : config.trace.tool}); route reports are off until one is installed and the agent restarted`);
      else log.info("route tool", { tool: this.tool.tool, file: this.tool.file });
    }
    if (!this.tool) return this.note("trace", false, "no route tool installed");
    const traces: (ContractTrace & { measuredAt: string })[] = [];
    const failed: string[] = [];
    for (const carrier of CARRIERS) {
      let done = false;
      for (const target of config.targets[carrier]) {
        if (signal?.aborted) return this.note("trace", false, "interrupted");
        const r = await traceTarget(this.tool, target, { ...config.trace, exec: this.deps.exec, signal });
        if (!r.error) {
          traces.push({ ...toContractTrace(carrier, r.hops), measuredAt: new Date(this.deps.clock.now()).toISOString() });
          done = true;
          break;
        }
        log.warn("route trace failed", { carrier, target: `${target.host}:${target.port}`, error: r.error });
      }
      if (!done && config.targets[carrier].length) failed.push(carrier);
    }
    for (const chunk of chunkItems(traces, LIMITS.trace.items, LIMITS.trace.bytes)) await this.queue.enqueue([{ kind: "trace", body: { traces: chunk } }]);
    return this.note("trace", failed.length === 0, failed.length ? `no route for ${failed.join(", ")}` : `${traces.length} traces`);
  }

  /** Queues items of a coalesced kind: into the open batch while it has room, else a new batch. */
  private async addItems(kind: Coalesced, items: unknown[], maxItems: number): Promise<void> {
    const wrap = (list: unknown[]) => (kind === "metrics" ? { metrics: list.length === 1 ? list[0] : list } : { latencies: list });
    const open = this.openBatches.get(kind);
    if (open && open.items.length + items.length <= maxItems) {
      const all = [...open.items, ...items];
      const batch: Batch = { ...open.batch, body: wrap(all) };
      const ref = await this.queue.rewrite(open.ref, batch);
      if (ref) {
        this.openBatches.set(kind, { ref, batch, items: all });
        return;
      }
    }
    const { batch, ref } = await this.queue.enqueueOne({ kind, body: wrap(items) });
    this.openBatches.set(kind, { ref, batch, items });
  }

  async flush(signal?: AbortSignal): Promise<FlushResult> {
    await this.queue.enforceBound();
    const r = await this.deliverer.flush(signal);
    if (r.stopped) this.status.status.stopped = r.stopped;
    await this.saveStatus();
    return r;
  }

  async saveStatus(): Promise<void> {
    const depth = await this.queue.depth();
    this.status.status.queue = { ...depth, ...this.queue.getCounters() };
    await this.status.save(this.deps.clock.now());
  }

  /** `--once`: every enabled kind once, then deliver. Returns the exit code. */
  async runOnce(signal?: AbortSignal): Promise<number> {
    let ok = true;
    for (const kind of KINDS) {
      if (!this.intervalOf(kind)) continue;
      ok = (await this.cycle(kind, signal)) && ok;
    }
    let flush = await this.flush(signal);
    // A short outage or a rate limit is worth waiting out a little; a long one leaves the rest queued.
    const retries = this.deps.config.onceRetries ?? DEFAULT_ONCE_RETRIES;
    for (let i = 0; i < retries && !flush.stopped && flush.remaining > 0 && flush.waitUntil && !signal?.aborted; i++) {
      await this.deps.clock.sleep(Math.min(30_000, flush.waitUntil - this.deps.clock.now()), signal);
      flush = await this.flush(signal);
    }
    if (flush.stopped) return EXIT.tokenRefused;
    if (flush.remaining > 0) this.deps.log.error("some reports are still queued", { queued: flush.remaining });
    return ok && flush.remaining === 0 ? EXIT.ok : EXIT.failed;
  }

  /** The service loop; returns the exit code when the token is refused or the signal aborts. */
  async run(signal: AbortSignal): Promise<number> {
    const { clock, log } = this.deps;
    const next = new Map<ReportKind, number>();
    for (const kind of KINDS) if (this.intervalOf(kind)) next.set(kind, clock.now());
    log.info(`relayboard-agent ${AGENT_VERSION} started`, { server: this.deps.config.serverUrl, kinds: [...next.keys()] });
    // A route trace can take minutes; it runs beside the loop (it only adds batches to the queue) so
    // the access log, metrics and delivery keep their rhythm.
    let tracing: Promise<void> | null = null;
    const settle = async () => {
      if (tracing) await tracing;
    };
    while (!signal.aborted) {
      for (const [kind, due] of next) {
        if (signal.aborted) break;
        if (due > clock.now()) continue;
        if (kind === "trace") {
          next.set(kind, Number.POSITIVE_INFINITY);
          tracing = this.cycle(kind, signal).then(() => {
            next.set(kind, clock.now() + this.intervalOf(kind) * 1000);
            tracing = null;
          });
          continue;
        }
        await this.cycle(kind, signal);
        next.set(kind, clock.now() + this.intervalOf(kind) * 1000);
      }
      if (signal.aborted) break;
      const flush = await this.flush(signal);
      if (flush.stopped) {
        await settle();
        return EXIT.tokenRefused;
      }
      let wake = Math.min(...next.values());
      if (flush.remaining > 0 && flush.waitUntil) wake = Math.min(wake, flush.waitUntil);
      // An hour at most: nothing enabled (Infinity) must not become a zero-length timer.
      await clock.sleep(Math.min(MAX_SLEEP_MS, Math.max(0, wake - clock.now())), signal);
    }
    await settle();
    log.info("relayboard-agent stopping");
    return EXIT.ok;
  }
}
