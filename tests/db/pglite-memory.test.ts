// The embedded database as the service opens it (src/server/db/client.ts, pglite-memory.ts): its
// shared buffers live in the process's WebAssembly memory, which never shrinks, so they are 16 MB,
// not PostgreSQL's default 128 MB.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openRawClient, rawQuery } from "../../src/server/db/client";

it("the service's PGlite runs with 16 MB of shared buffers", { timeout: 90_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rb-pglite-memory-"));
  const raw = openRawClient({ dataDir });
  try {
    expect(raw.kind).toBe("pglite");
    expect(await rawQuery(raw, "show shared_buffers")).toEqual([{ shared_buffers: "16MB" }]);
  } finally {
    if (raw.kind === "pglite") await raw.pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
