// The PostgreSQL extensions the migrations create, for PGlite: its WASM build loads an extension's
// code only when the constructor names it, at every open, so each place that opens a PGlite (the
// app, the tests, the scripts) passes these. Without them `CREATE EXTENSION pg_trgm` (migration
// 0026) fails, and so does any statement that touches a trigram index of a database that has it.
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const PGLITE_EXTENSIONS = { pg_trgm };
