// `npm run build`: `next build` (arguments passed through), then a record of what the build was made
// from (.next/relayboard-build.json), which `npm start` checks so it never serves a stale build.
import path from "node:path";
import { buildAndRecord } from "./build-fingerprint.mjs";

process.exit(buildAndRecord(path.resolve(import.meta.dirname, ".."), process.argv.slice(2)));
