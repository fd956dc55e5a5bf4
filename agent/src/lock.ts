// One agent per state directory: two tailers committing the same cursor would send lines twice.
import { promises as fs } from "node:fs";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function lockHolder(file: string): Promise<number | null> {
  const text = await fs.readFile(file, "utf8").catch(() => "");
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

// Locks this process holds: a file naming our own pid is otherwise taken for a leftover (in a
// container the agent is pid 1 after every restart).
const heldHere = new Set<string>();

export async function acquireLock(file: string): Promise<() => Promise<void>> {
  if (heldHere.has(file)) throw new Error(`this state directory is already in use by this process (${file})`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fh = await fs.open(file, "wx", 0o600);
      await fh.writeFile(String(process.pid));
      await fh.close();
      heldHere.add(file);
      return async () => {
        heldHere.delete(file);
        const holder = (await fs.readFile(file, "utf8").catch(() => "")).trim();
        if (holder === String(process.pid)) await fs.rm(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = await lockHolder(file);
      if (pid !== null && pid !== process.pid) throw new Error(`another relayboard-agent (pid ${pid}) is using this state directory (${file})`);
      // Left behind by an agent that died: take it over.
      await fs.rm(file, { force: true });
    }
  }
  throw new Error(`cannot take the lock ${file}`);
}
