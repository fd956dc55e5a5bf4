// The status file: what `relayboard-agent status` shows. Written by the running agent after each
// step, read by anyone (it holds no secret).
import { readJsonFile, writeFileAtomic } from "./atomic-file";
import type { KindReport } from "./delivery/deliverer";
import type { ReportKind } from "./delivery/queue";

export interface CycleReport {
  at: string;
  ok: boolean;
  detail?: string;
}

export interface AgentStatus {
  agentVersion: string;
  pid: number;
  startedAt: string;
  updatedAt: string;
  /** Outcome of the last delivery attempt per kind, and the last success. */
  lastReport: Partial<Record<ReportKind, KindReport>>;
  lastDelivered: Partial<Record<ReportKind, string>>;
  /** Outcome of the last measurement per kind (before delivery). */
  lastCycle: Partial<Record<ReportKind, CycleReport>>;
  queue: { batches: number; bytes: number; droppedFull: number; droppedRejected: number };
  accessLog: { path: string; dev: number; ino: number; offset: number } | null;
  stopped: string | null;
}

export class StatusFile {
  constructor(
    private readonly file: string,
    readonly status: AgentStatus,
  ) {}

  static async open(file: string, init: Pick<AgentStatus, "agentVersion" | "pid" | "startedAt">): Promise<StatusFile> {
    const prev = await readJsonFile<Partial<AgentStatus>>(file).catch(() => null);
    return new StatusFile(file, {
      ...init,
      updatedAt: init.startedAt,
      lastReport: prev?.lastReport ?? {},
      lastDelivered: prev?.lastDelivered ?? {},
      lastCycle: prev?.lastCycle ?? {},
      queue: prev?.queue ?? { batches: 0, bytes: 0, droppedFull: 0, droppedRejected: 0 },
      accessLog: prev?.accessLog ?? null,
      stopped: null,
    });
  }

  static read(file: string): Promise<AgentStatus | null> {
    return readJsonFile<AgentStatus>(file).catch(() => null);
  }

  recordDelivery(kind: ReportKind, r: KindReport): void {
    this.status.lastReport[kind] = r;
    if (r.ok) this.status.lastDelivered[kind] = r.at;
  }

  async save(now: number): Promise<void> {
    this.status.updatedAt = new Date(now).toISOString();
    await writeFileAtomic(this.file, JSON.stringify(this.status, null, 2) + "\n", 0o644);
  }
}
