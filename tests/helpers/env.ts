import { env, setEnvForProcess, type Env } from "../../src/server/env";

/** Overrides configuration for this process; call the returned function to restore it. */
export function overrideEnv(patch: Partial<Env>): () => void {
  const before = env();
  setEnvForProcess({ ...before, ...patch });
  return () => setEnvForProcess(before);
}

/** Runs fn with a configuration override, restoring it even when fn throws. */
export async function withEnv<T>(patch: Partial<Env>, fn: () => Promise<T>): Promise<T> {
  const restore = overrideEnv(patch);
  try {
    return await fn();
  } finally {
    restore();
  }
}
