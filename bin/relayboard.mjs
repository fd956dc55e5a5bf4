#!/usr/bin/env node
// Package bin for `npx relayboard <command>`. After `npm run build` the CLI runs compiled
// (.next/relayboard/cli.mjs, built from the same sources as the service: scripts/server-bundle.mjs).
// Without a build, after an edit to any file the bundle was built from, or with NODE_ENV=development
// or test, it runs from source through tsx, so it can never drift from the code beside it.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleIsCurrent, CLI_BUNDLE } from "../scripts/server-bundle.mjs";

const root = path.resolve(import.meta.dirname, "..");
const fromSource = process.env.NODE_ENV === "development" || process.env.NODE_ENV === "test" || !bundleIsCurrent(root);
if (fromSource) {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../cli/main.ts");
} else {
  await import(pathToFileURL(path.join(root, CLI_BUNDLE)).href);
}
