#!/usr/bin/env node
// Package bin for `npx relayboard <command>`. The CLI shares the service's TypeScript modules, so
// tsx compiles them on load instead of a separate build step that could drift from the source.
import { register } from "tsx/esm/api";

register();
await import("../cli/main.ts");
