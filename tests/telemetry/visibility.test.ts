// Who may read telemetry: any logged-in user; anonymous callers only while telemetryPublic is on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { updateSettings } from "../../src/server/services/settings";
import {
  assertTelemetryReadable,
  getLatencyHistory,
  getLatencyRecommendations,
  getLatestLatency,
  getRouteTraces,
} from "../../src/server/services/telemetry";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { insertNode } from "./helpers";

let t: TestDb;
let nodeId: string;
beforeAll(async () => {
  t = await createTestDb();
  nodeId = (await insertNode(t.db)).id;
});
afterAll(() => t.close());

const reads = () =>
  [
    ["latest", (ctx: ReturnType<typeof anonCtx>) => getLatestLatency(ctx, { nodeId })],
    ["history", (ctx: ReturnType<typeof anonCtx>) => getLatencyHistory(ctx, { nodeId, carrier: "telecom", range: "7d" })],
    ["recommendations", (ctx: ReturnType<typeof anonCtx>) => getLatencyRecommendations(ctx)],
    ["traces", (ctx: ReturnType<typeof anonCtx>) => getRouteTraces(ctx, { nodeId })],
  ] as const;

describe("telemetry visibility", () => {
  it("refuses anonymous callers and agents while telemetry is private (the default)", async () => {
    await expect(assertTelemetryReadable(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(assertTelemetryReadable(makeCtx(t.db, { kind: "agent", nodeId }))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    // A user-kind actor without a user id is not logged in either.
    await expect(assertTelemetryReadable(makeCtx(t.db, { kind: "user" }))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    for (const [, read] of reads()) await expect(read(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("checks the caller before the input, so anonymous probing learns nothing", async () => {
    await expect(getLatestLatency(anonCtx(t.db), {})).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getRouteTraces(anonCtx(t.db), { nodeId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("lets users and admins read", async () => {
    for (const role of ["USER", "ADMIN"] as const) {
      const { ctx } = await makeUser(t.db, role);
      await expect(assertTelemetryReadable(ctx)).resolves.toBeUndefined();
      for (const [, read] of reads()) await expect(read(ctx)).resolves.toBeTruthy();
    }
  });

  it("lets anonymous callers read once an admin makes telemetry public, and not after it is turned off", async () => {
    await updateSettings(cliCtx(t.db), { telemetryPublic: true });
    await expect(assertTelemetryReadable(anonCtx(t.db))).resolves.toBeUndefined();
    for (const [, read] of reads()) await expect(read(anonCtx(t.db))).resolves.toBeTruthy();
    await updateSettings(cliCtx(t.db), { telemetryPublic: false });
    await expect(getLatencyRecommendations(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
