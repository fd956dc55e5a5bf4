// The thresholds of behaviour §8 as pure decisions.
import { describe, expect, it } from "vitest";
import { geoFinding, nodeLogFindings } from "../../src/server/services/risk";
import type { RiskSettings } from "../../src/server/services/risk";
import { SETTINGS_DEFAULTS } from "../../src/server/services/settings/schema";

const S: RiskSettings = { ...SETTINGS_DEFAULTS };
const on: RiskSettings = { ...S, riskAutoSuspend: true };
const places = { COUNTRY: [], REGION: [], CITY: [] };
const all = new Set(["COUNTRY", "REGION", "CITY"] as const);

describe("geoFinding (defaults: warn 2/2/4, suspend 3/3/5)", () => {
  it("names the broadest kind at the strongest level", () => {
    expect(geoFinding({ COUNTRY: 1, REGION: 1, CITY: 3 }, all, places, on)).toBeNull();
    expect(geoFinding({ COUNTRY: 2, REGION: 2, CITY: 2 }, all, places, on)).toMatchObject({ reason: "COUNTRY_CHANGE", level: "WARNING" });
    expect(geoFinding({ COUNTRY: 1, REGION: 2, CITY: 2 }, all, places, on)).toMatchObject({ reason: "REGION_CHANGE", level: "WARNING" });
    expect(geoFinding({ COUNTRY: 1, REGION: 1, CITY: 4 }, all, places, on)).toMatchObject({ reason: "CITY_CHANGE", level: "WARNING" });
    expect(geoFinding({ COUNTRY: 2, REGION: 2, CITY: 5 }, all, places, on)).toMatchObject({ reason: "CITY_CHANGE", level: "SUSPEND" });
    expect(geoFinding({ COUNTRY: 3, REGION: 3, CITY: 5 }, all, places, on)).toMatchObject({ reason: "COUNTRY_CHANGE", level: "SUSPEND", evidence: { count: 3, threshold: 3 } });
  });

  it("only warns without auto-suspend", () => {
    expect(geoFinding({ COUNTRY: 9, REGION: 9, CITY: 9 }, all, places, S)).toMatchObject({ reason: "COUNTRY_CHANGE", level: "WARNING", evidence: { threshold: 2 } });
  });

  it("ignores kinds without a new place", () => {
    expect(geoFinding({ COUNTRY: 3, REGION: 1, CITY: 1 }, new Set(["CITY"] as const), places, on)).toBeNull();
    expect(geoFinding({ COUNTRY: 3, REGION: 3, CITY: 4 }, new Set(["CITY"] as const), places, on)).toMatchObject({ reason: "CITY_CHANGE", level: "WARNING" });
  });
});

describe("nodeLogFindings (defaults: warn 180 / 80, suspend 360 / 160)", () => {
  it("crosses each line at its threshold", () => {
    expect(nodeLogFindings({ connectionCount: 179, uniqueTargetCount: 79 }, on)).toEqual([]);
    expect(nodeLogFindings({ connectionCount: 180, uniqueTargetCount: 0 }, on)).toMatchObject([{ reason: "NODE_HIGH_FREQUENCY", level: "WARNING" }]);
    expect(nodeLogFindings({ connectionCount: 360, uniqueTargetCount: 160 }, on)).toMatchObject([
      { reason: "NODE_HIGH_FREQUENCY", level: "SUSPEND" },
      { reason: "SCATTERED_TARGETS", level: "SUSPEND" },
    ]);
    expect(nodeLogFindings({ connectionCount: 0, uniqueTargetCount: 159 }, on)).toMatchObject([{ reason: "SCATTERED_TARGETS", level: "WARNING" }]);
    expect(nodeLogFindings({ connectionCount: 1000, uniqueTargetCount: 1000 }, S).map((f) => f.level)).toEqual(["WARNING", "WARNING"]);
  });
});
