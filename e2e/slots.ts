// Browser tests run on several Playwright workers, each against a Relayboard server of its own (its
// own port, data directory, database, Redis prefix and SMTP simulator), so a spec that changes site
// settings or counts rows never sees another worker's writes. global-setup.ts starts one server per
// worker slot and lists them in E2E_SLOTS; a worker process loads playwright.config.ts, which calls
// adoptWorkerSlot() to point E2E_PORT, E2E_DIR and E2E_SERVER_ENV (read by the specs and helpers) at
// its own server. Playwright keeps a restarted worker's slot (TEST_PARALLEL_INDEX), so a slot's
// server serves one worker at a time.
import { readFileSync } from "node:fs";
import path from "node:path";

export interface Slot { port: number; dir: string }

/** Ports of slot i: base + 100 i; specs start extra servers at +1..+9 and +50..+90 of their slot's port. */
export const slotPort = (base: number, i: number) => base + 100 * i;

export const serverEnvFile = (dir: string) => path.join(dir, "server-env.json");

export function slotsFromEnv(): Slot[] {
  return process.env.E2E_SLOTS ? (JSON.parse(process.env.E2E_SLOTS) as Slot[]) : [];
}

/** In a worker process (or the main one: slot 0), make this process's E2E_* variables name its slot's server. */
export function adoptWorkerSlot(): void {
  const slots = slotsFromEnv();
  if (!slots.length) return; // --list, or before global setup ran
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const slot = slots[index];
  if (!slot) throw new Error(`no server for worker slot ${index}: global setup started ${slots.length}`);
  process.env.E2E_PORT = String(slot.port);
  process.env.E2E_DIR = slot.dir;
  process.env.E2E_SERVER_ENV = readFileSync(serverEnvFile(slot.dir), "utf8");
}
