// Test files share a worker process (Vitest `isolate: false`, see vitest.config.ts): modules load
// once per worker, so what one file left in a process-wide cache would meet the next file, which
// has a database of its own. setup-env.ts calls this before every file so each starts as it would
// in a fresh process: no limiter counts, no cached settings, devices, geo marks, health states or
// panel sessions of another file's database, no buffered access rows, no task kicker, fresh
// metrics. The caches are the same objects the modules hold (they live on globalThis), so they are
// emptied, never replaced.
import { forgetGeoip } from "../../src/server/integrations/geoip/lookup";
import { setLimiter } from "../../src/server/rate-limit/limiter";
import { forgetDeviceCache } from "../../src/server/services/risk/device-cache";
import { forgetGeoMarkMemory } from "../../src/server/services/risk/geo-marks";
import { forgetRiskSettings } from "../../src/server/services/risk/risk-settings";
import { setTaskKicker } from "../../src/server/services/tasks/enqueue-task";
import { forgetTelegramCaches } from "../../src/server/services/telegram/forget";

type Clearable = { clear(): void };
/** The caches without a forget function of their own. */
interface ProcessCaches {
  __relayboardHealthStates?: Clearable;
  __relayboardPanels?: Clearable;
  __relayboardMetrics?: unknown;
  __relayboardAccessLog?: { buffer: unknown[]; dropped: number; timer: NodeJS.Timeout | null; flushing: Promise<void> | null; target: unknown };
}

export function resetProcessState(): void {
  const g = globalThis as unknown as ProcessCaches;
  setLimiter(undefined);
  setTaskKicker(undefined);
  forgetGeoip();
  forgetRiskSettings();
  forgetDeviceCache();
  forgetGeoMarkMemory();
  forgetTelegramCaches();
  g.__relayboardMetrics = undefined;
  g.__relayboardHealthStates?.clear();
  g.__relayboardPanels?.clear();
  const log = g.__relayboardAccessLog;
  if (log) {
    if (log.timer) clearTimeout(log.timer);
    Object.assign(log, { buffer: [], dropped: 0, timer: null, flushing: null, target: null });
  }
}
