// `npm start` (as its prestart) serves only a build made from this checkout: it builds when there is
// none, and rebuilds when the sources, messages, configuration or lock file changed since the build
// (after a `git pull`, say), saying why. A current Next build whose server bundle is missing or out of
// date (a build from before the bundle existed) gets only the bundle, in seconds.
import path from "node:path";
import { buildAndRecord, staleReason } from "./build-fingerprint.mjs";
import { bundleIsCurrent, bundleServer, SERVER_BUNDLE } from "./server-bundle.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reason = staleReason(root);
if (reason) {
  console.log(`${reason}: rebuilding with \`next build\` (about a minute)...`);
  const code = buildAndRecord(root);
  if (code !== 0) {
    console.error(`next build failed (exit ${code}): not starting on a build that does not match the checkout`);
    process.exit(code);
  }
} else if (!bundleIsCurrent(root)) {
  console.log(`${SERVER_BUNDLE} is missing or older than the sources: compiling the server and the CLI...`);
  const code = bundleServer(root);
  if (code !== 0) process.exit(code);
}
