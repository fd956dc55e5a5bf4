import { describe, expect, it } from "vitest";
import { requireTool } from "../requirements";

describe.runIf(requireTool("no-such-tool", false))("needs no-such-tool", () => {
  it("runs", () => expect(true).toBe(true));
});
it("a test without requirements", () => expect(true).toBe(true));
