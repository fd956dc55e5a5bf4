// Task statuses for the browser (the schema module would bring drizzle into the client bundle).
import type { TaskStatus } from "@/server/db/schema/audit";

export const TASK_STATUS_CODES = ["PENDING", "RUNNING", "SUCCEEDED", "FAILED"] as const satisfies readonly TaskStatus[];
export const TASK_STATUS_COLORS: Record<TaskStatus, string> = { PENDING: "yellow", RUNNING: "blue", SUCCEEDED: "teal", FAILED: "red" };

/** What the task center hands the browser for one task (never the payload's secret). */
export interface TaskRow {
  id: string;
  kind: string;
  status: TaskStatus;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  payload: Record<string, unknown>;
  secretErased: boolean;
  retryable: boolean;
  runAt: Date;
  createdAt: Date;
  updatedAt: Date;
}
