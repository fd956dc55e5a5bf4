// A task that failed after its last retry raises the operators' `task.failed` alert (Telegram).
import { onFinalTaskFailure } from "../tasks/run-due-tasks";
import { publishEvent } from "./publish";

onFinalTaskFailure(async (db, task) => {
  await publishEvent(db, "task.failed", { taskId: task.id, kind: task.kind, attempts: task.attempts, error: task.error.slice(0, 300) });
});
