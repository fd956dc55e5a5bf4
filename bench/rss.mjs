// Resident memory of the server under test, read from /proc/<pid>/status every 200 ms while the bench
// runs (issue 25: an instance must stay under 400 MB during every scenario). RSS, not heap: it is what
// the kernel charges and what an operator's container limit counts, V8's heap plus code, native
// buffers (PGlite's wasm memory, sharp, argon2) and the allocator's retained pages.
// Linux only: elsewhere the sampler reports nothing and the table shows "-".
import { readFileSync } from "node:fs";

const KB_PER_MB = 1024;

/** VmRSS and VmHWM (peak since the process started) in MB, or null when /proc cannot be read. */
export function readRss(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) / KB_PER_MB;
    const rss = field("VmRSS");
    return Number.isFinite(rss) ? { rss, hwm: field("VmHWM") } : null;
  } catch {
    return null;
  }
}

/**
 * Samples `pid` every `intervalMs` until stop(). window() starts a new measuring window and returns a
 * function that ends it with the peak seen in it (MB, rounded; null when nothing could be read).
 */
export function startRssSampler(pid, intervalMs = 200) {
  let windowPeak = 0;
  let samples = 0;
  const sample = () => {
    const r = readRss(pid);
    if (!r) return;
    samples++;
    windowPeak = Math.max(windowPeak, r.rss);
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    window() {
      windowPeak = 0;
      samples = 0;
      sample();
      return () => {
        sample();
        return samples ? Math.round(windowPeak) : null;
      };
    },
    /** The kernel's own high-water mark since the process started (catches peaks between samples). */
    highWater: () => {
      const r = readRss(pid);
      return r && Number.isFinite(r.hwm) ? Math.round(r.hwm) : null;
    },
    stop: () => clearInterval(timer),
  };
}
