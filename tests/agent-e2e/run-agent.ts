// The built agent (agent/dist/relayboard-agent.mjs) run with node as an operator would, configured
// only by its environment.
import { execFile, execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const bundle = path.join(root, "agent/dist/relayboard-agent.mjs");

export function buildAgent(): void {
  execFileSync(process.execPath, [path.join(root, "agent/build.mjs")], { cwd: root, stdio: "pipe" });
}

export interface AgentRun {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runAgent(args: string[], env: Record<string, string>): Promise<AgentRun> {
  const started = Date.now();
  // Only what the test gives: nothing of this process's environment (CREDENTIALS_DIRECTORY, TZ...) leaks in.
  const childEnv = { PATH: process.env.PATH ?? "", ...env } as unknown as NodeJS.ProcessEnv;
  return new Promise((resolve) => {
    execFile(process.execPath, [bundle, ...args], { env: childEnv, timeout: 30_000, encoding: "utf8" }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr, ms: Date.now() - started }),
    );
  });
}

export interface AgentStatusJson {
  queue: { batches: number; bytes: number; droppedFull: number; droppedRejected: number };
  status: { lastReport: Record<string, { ok: boolean; status?: number; detail?: string }>; lastDelivered: Record<string, string> } | null;
  cursor: { offset: number } | null;
}

/** `relayboard-agent status --state-dir DIR --json` and the text form, as an operator reads them. */
export async function agentStatus(stateDir: string): Promise<{ json: AgentStatusJson; text: string }> {
  const json = await runAgent(["status", "--state-dir", stateDir, "--json"], {});
  const text = await runAgent(["status", "--state-dir", stateDir], {});
  if (json.code !== 0 || text.code !== 0) throw new Error(`status failed: ${json.stderr}${text.stderr}`);
  return { json: JSON.parse(json.stdout) as AgentStatusJson, text: text.stdout };
}
