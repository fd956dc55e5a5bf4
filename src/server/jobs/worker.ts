// In-process worker: runs due tasks every few seconds, or at once when kicked after a commit.
// SKIP LOCKED claiming (run-due-tasks.ts) keeps several instances from running a task twice.
import type { Db } from "../db/client";
import { describeError } from "../describe-error";
import { log } from "../logger";
import { runDueTasks, setTaskKicker } from "../services/tasks";
import "./task-handlers";

export function startWorker(db: Db, intervalMs = 5000) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          const r = await runDueTasks(db);
          if (r.ran === 20) again = true;
        } while (again && !stopped);
      } catch (err) {
        log.error("worker tick failed", { error: describeError(err) });
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  setTaskKicker(() => setImmediate(tick));
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      setTaskKicker(undefined);
      await running;
    },
  };
}
