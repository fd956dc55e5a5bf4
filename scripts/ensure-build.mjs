// `npm start` (as its prestart) serves only a build made from this checkout: it builds when there is
// none, and rebuilds when the sources, messages, configuration or lock file changed since the build
// (after a `git pull`, say), saying why.
import path from "node:path";
import { buildAndRecord, staleReason } from "./build-fingerprint.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reason = staleReason(root);
if (reason) {
  console.log(`${reason}: rebuilding with \`next build\` (about a minute)...`);
  const code = buildAndRecord(root);
  if (code !== 0) {
    console.error(`next build failed (exit ${code}): not starting on a build that does not match the checkout`);
    process.exit(code);
  }
}
