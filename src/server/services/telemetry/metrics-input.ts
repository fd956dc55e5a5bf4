// The node health sample the agent posts to /api/agent/metrics (agent/README.md "Metrics report").
// Every figure is optional (null or absent: the agent could not read it) and bounded, so a broken
// sensor or a hostile body cannot put absurd values into the charts.
import { z } from "zod";

/** Samples per request: an agent that was cut off delivers its queue an hour at a time. */
export const MAX_METRIC_SAMPLES = 60;
/** Request body cap: 60 samples of about 400 bytes, with room. */
export const MAX_METRICS_BODY_BYTES = 64 * 1024;

const PIB = 2 ** 50;
// Byte counts are stored as integers; an agent that sends 12.5 bytes is rounded, not refused.
const bytes = (max: number) => z.number().min(0).max(max).transform(Math.round).nullish();

export const MetricSampleInput = z.object({
  sampledAt: z.iso.datetime({ offset: true }).nullish(),
  cpuPercent: z.number().min(0).max(100).nullish(),
  memUsedBytes: bytes(PIB),
  memTotalBytes: bytes(PIB),
  diskUsedBytes: bytes(Number.MAX_SAFE_INTEGER),
  diskTotalBytes: bytes(Number.MAX_SAFE_INTEGER),
  // 2^40 B/s is about 8.8 Tbit/s: beyond any node's interface.
  netRxBytesPerSec: bytes(2 ** 40),
  netTxBytesPerSec: bytes(2 ** 40),
  load1: z.number().min(0).max(100_000).nullish(),
  // A century of uptime.
  uptimeSeconds: bytes(100 * 366 * 86_400),
  agentVersion: z.string().max(100).nullish(),
});
export type MetricSampleInput = z.infer<typeof MetricSampleInput>;

// One sample or several: two schemas rather than a union, so a bad figure is reported at its own
// path ("metrics.cpuPercent", "metrics.3.cpuPercent") instead of as "metrics does not match".
export const MetricsReportInput = z.object({ metrics: MetricSampleInput });
export const MetricsBatchInput = z.object({ metrics: z.array(MetricSampleInput).max(MAX_METRIC_SAMPLES) });
