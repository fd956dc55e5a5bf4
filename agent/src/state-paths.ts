import path from "node:path";

/** Everything the agent keeps lives in its state directory. */
export function statePaths(stateDir: string) {
  return {
    dir: stateDir,
    queue: path.join(stateDir, "queue"),
    cursor: path.join(stateDir, "access-log.cursor.json"),
    status: path.join(stateDir, "status.json"),
    lock: path.join(stateDir, "agent.pid"),
  };
}
