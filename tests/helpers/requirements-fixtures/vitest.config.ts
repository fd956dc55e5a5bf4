// Run only by tests/helpers/requirements.test.ts, in a child vitest: suites whose requirement is
// missing, to see what a whole run does with them. The *.check.ts names keep them out of the main run.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { root: import.meta.dirname, include: ["*.check.ts"], pool: "forks" },
});
