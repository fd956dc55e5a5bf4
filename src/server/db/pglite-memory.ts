// What the embedded database costs in the service's resident memory (issue 25: under 400 MB).
// PGlite is PostgreSQL compiled to WebAssembly, running inside the Node process.
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";

/**
 * PGlite is one process whose data files sit in the operating system's page cache anyway: Postgres's
 * default 128 MB of shared buffers only doubled that cache inside the service's resident memory
 * (about 125 MB measured). 16 MB holds the hot pages of an embedded install; the buffers are
 * WebAssembly memory, which never shrinks, and 32 MB of them were about 18 MB more resident under
 * the bench's page and API load than 16.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * V8 compiles each WebAssembly function it runs with its baseline compiler (Liftoff), then compiles
 * the busy ones again with its optimizing compiler (TurboFan). For PGlite's 9 MB module that second
 * pass held 40-80 MB more resident (compiler memory the allocator keeps, and the second code), and
 * took a core for seconds at start-up. Baseline code alone: the server was ready sooner and served
 * pages and APIs as fast; a loop of PostgreSQL queries alone used about a fifth more CPU. Set before
 * the module is compiled; it only concerns WebAssembly, which nothing else in the process compiles.
 */
export function compileWasmOnce(): void {
  v8.setFlagsFromString("--liftoff-only");
}
