import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

const dirs: string[] = [];

/** A fresh temporary directory, removed after the test. */
export function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), "rb-agent-"));
  dirs.push(d);
  return d;
}

afterEach(async () => {
  while (dirs.length) await rm(dirs.pop()!, { recursive: true, force: true });
});

/** An Xray access-log line for client `email`, numbered so tests can tell lines apart. */
export const xrayLine = (n: number, email = "alice@example.com-a1b2", source = "203.0.113.7") =>
  `2026/04/29 09:16:${String(n % 60).padStart(2, "0")}.${String(n).padStart(6, "0")} from ${source}:${40000 + n} accepted tcp:site${n}.example:443 [inbound-443 -> direct] email: ${email}`;
