// The worker side of "check again": runs a node's reconciliation some time after a repair was queued,
// so the report shows what the repair achieved. A failing panel fails the task (retried, visible).
import { registerTaskHandler } from "../tasks/run-due-tasks";
import { reconcileNode } from "./reconcile";
import { NODE_RECONCILE } from "./task-kinds";

registerTaskHandler(NODE_RECONCILE, async (payload, { db }) => {
  const r = await reconcileNode(db, String(payload.nodeId));
  return { checked: r.checked, drift: r.drift.length };
});
