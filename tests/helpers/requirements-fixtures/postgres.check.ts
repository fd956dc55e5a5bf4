import { expect, it } from "vitest";
import { describeOnPostgres } from "../requirements";

describeOnPostgres("a PostgreSQL-only proof", () => {
  it("runs", () => expect(process.env.TEST_DATABASE_URL).toBeTruthy());
});
it("a test without requirements", () => expect(true).toBe(true));
