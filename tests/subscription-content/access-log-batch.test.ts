// The access log's batch insert (one unnest statement with an array per column) writes every value
// as given on both engines: text that looks like array-literal syntax or the NULL keyword stays
// text, absent ids stay NULL, and the times keep their milliseconds.
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptionAccessLogs } from "../../src/server/db/schema";
import { flushAccessLogs, recordAccess, type AccessRow } from "../../src/server/services/subscription-content/access-log";
import { testDbForFile } from "../helpers/db";

const t = testDbForFile();

describe("access log batch insert", () => {
  it("writes tricky text, null ids and exact times unchanged, in one flush of many rows", async () => {
    const base = new Date("2026-11-29T10:00:00.123Z");
    const tricky: AccessRow = {
      subscriptionId: null,
      userId: null,
      outcome: "token_invalid",
      ip: "2001:db8::1",
      userAgent: 'Mozilla/5.0 (X; "quoted", {brace}, back\\slash) 中文 \u00e9',
      format: "",
      country: "NULL",
      region: "{}",
      city: "a,b",
      createdAt: base,
    };
    const plain = (i: number): AccessRow => ({
      subscriptionId: "0b8e9d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e",
      userId: "1c9f0e5d-2a3b-4c4d-8e9f-0a1b2c3d4e5f",
      outcome: "OK",
      ip: `198.51.100.${i % 250}`,
      userAgent: "v2rayN/7.0",
      format: "clash",
      country: "JP",
      region: "",
      city: "",
      createdAt: new Date(base.getTime() + i),
    });
    recordAccess(t.db, tricky);
    for (let i = 1; i <= 620; i++) recordAccess(t.db, plain(i)); // more than one batch of 500
    await flushAccessLogs();
    const rows = await t.db.select().from(subscriptionAccessLogs).orderBy(asc(subscriptionAccessLogs.createdAt));
    expect(rows).toHaveLength(621);
    expect(rows[0]).toMatchObject({ ...tricky, source: "API", nodeId: null });
    expect(rows[0]!.createdAt.toISOString()).toBe("2026-11-29T10:00:00.123Z");
    expect(rows[620]).toMatchObject({ ...plain(620), createdAt: new Date(base.getTime() + 620) });
  });
});
