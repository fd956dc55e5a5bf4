// JOBS_INTERVAL_MS (tests only) replaces every periodic job's own period, so a test can watch several
// instances run the jobs at once (e2e/several-instances.spec.ts); without it a job keeps its own.
import { describe, expect, it } from "vitest";
import type { Db } from "../../src/server/db/client";
import { startPeriodicJobs } from "../../src/server/jobs/periodic";

const db = undefined as unknown as Db; // the jobs below never touch it

describe("periodic jobs' interval", () => {
  it("ticks every job at the given interval instead of its own, and stops", async () => {
    let hourly = 0;
    const jobs = startPeriodicJobs(db, [{ name: "hourly", everyMs: 3_600_000, run: async () => void hourly++ }], 20);
    await new Promise((r) => setTimeout(r, 200));
    await jobs.stop();
    expect(hourly).toBeGreaterThanOrEqual(3);
    const after = hourly;
    await new Promise((r) => setTimeout(r, 60));
    expect(hourly).toBe(after);
  });

  it("keeps each job's own period when no interval is given", async () => {
    let hourly = 0;
    const jobs = startPeriodicJobs(db, [{ name: "hourly", everyMs: 3_600_000, run: async () => void hourly++ }], undefined);
    await new Promise((r) => setTimeout(r, 100));
    await jobs.stop();
    expect(hourly).toBe(0);
  });
});
