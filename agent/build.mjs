// Builds the agent into one file with no dependencies beyond Node 20 itself:
//   node agent/build.mjs  ->  agent/dist/relayboard-agent.mjs
import { chmodSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const here = import.meta.dirname;
const outfile = path.join(here, "dist", "relayboard-agent.mjs");

await build({
  entryPoints: [path.join(here, "src", "main.ts")],
  outfile,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // Only node: built-ins may remain as imports; anything else would be a missing file on the node.
  packages: "bundle",
  banner: { js: "#!/usr/bin/env node" },
  legalComments: "none",
  logLevel: "warning",
});
chmodSync(outfile, 0o755);
process.stdout.write(`built ${path.relative(process.cwd(), outfile)}\n`);
