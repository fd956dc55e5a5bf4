// Node health from /proc fixtures: two samples ten seconds apart.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseMeminfo, takeSample, toMetrics } from "../../agent/src/metrics/sample";
import { AGENT_VERSION } from "../../agent/src/version";

const proc = (name: string) => path.join(import.meta.dirname, "fixtures", name);
const statfs = async () => ({ blocks: 1000, bfree: 250, bsize: 4096 });

describe("node metrics", () => {
  it("computes CPU, memory, disk, network rates (without lo), load and uptime", async () => {
    const t0 = Date.UTC(2026, 0, 1, 0, 0, 0);
    const a = await takeSample({ procRoot: proc("proc-a"), statfs }, t0);
    const b = await takeSample({ procRoot: proc("proc-b"), statfs }, t0 + 10_000);
    expect(toMetrics(a, b)).toEqual({
      sampledAt: "2026-01-01T00:00:10.000Z",
      // busy: user +600, system +300 = 900; total +1000 (idle +900, iowait +100) -> 900/1900
      cpuPercent: 47.4,
      memUsedBytes: (2014880 - 1210440) * 1024,
      memTotalBytes: 2014880 * 1024,
      diskUsedBytes: 750 * 4096,
      diskTotalBytes: 1000 * 4096,
      // eth0 +12 MB rx, +3 MB tx over 10 s; lo's +100 MB is not traffic
      netRxBytesPerSec: 1_200_000,
      netTxBytesPerSec: 300_000,
      load1: 0.52,
      uptimeSeconds: 123466,
      agentVersion: AGENT_VERSION,
    });
  });

  it("has no rates without an earlier sample, or when counters went backwards", async () => {
    const a = await takeSample({ procRoot: proc("proc-a"), statfs }, 0);
    const b = await takeSample({ procRoot: proc("proc-b"), statfs }, 10_000);
    expect(toMetrics(null, a)).toMatchObject({ cpuPercent: null, netRxBytesPerSec: null, memTotalBytes: 2014880 * 1024 });
    expect(toMetrics(b, { ...a, at: 20_000 })).toMatchObject({ netRxBytesPerSec: null, netTxBytesPerSec: null });
  });

  it("reads what it can when /proc lacks files", async () => {
    const s = await takeSample({ procRoot: proc("no-such-proc"), statfs: async () => Promise.reject(new Error("nope")) }, 0);
    expect(toMetrics(null, s)).toMatchObject({ memTotalBytes: null, diskTotalBytes: null, load1: null, uptimeSeconds: null });
  });

  it("falls back to free + buffers + cached on kernels without MemAvailable", () => {
    expect(parseMeminfo("MemTotal: 100 kB\nMemFree: 10 kB\nBuffers: 5 kB\nCached: 20 kB\n")).toEqual({ total: 102400, available: 35 * 1024 });
  });
});
