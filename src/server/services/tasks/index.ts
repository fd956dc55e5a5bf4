export { enqueueTask, kickTasks, kickTasksAfter, setTaskKicker } from "./enqueue-task";
export { runDueTasks, registerTaskHandler, type TaskHandler } from "./run-due-tasks";
export { listTasksAdmin, retryTasks, type AdminTaskRow, type RetryResult } from "./admin-tasks";
