// The risk section of the settings: a suspend threshold may not be below its warn threshold (it
// would suspend before ever warning). The refusal names the field the admin changed, with a field
// code the form words in either language, and writes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appConfig } from "../../src/server/db/schema";
import { getSettings, SETTINGS_DEFAULTS, updateSettings } from "../../src/server/services/settings";
import { RISK_THRESHOLD_PAIRS, thresholdProblems } from "../../src/server/services/settings/risk-thresholds";
import { fieldTexts } from "../../src/server/i18n/error-text";
import { cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const stored = async (key: string) => (await t.db.select().from(appConfig).where(eq(appConfig.key, key)))[0]?.value;
const refusal = (input: Record<string, unknown>) => updateSettings(cliCtx(t.db), input).then(() => null, (e: unknown) => e as { code: string; details: { reason: string; fields: Record<string, string>; fieldParams?: Record<string, Record<string, number>> } });

describe("risk thresholds: warn <= suspend", () => {
  it("the defaults are in order, and every threshold of the schema is in a pair", () => {
    expect(thresholdProblems(SETTINGS_DEFAULTS)).toEqual([]);
    const paired = RISK_THRESHOLD_PAIRS.flatMap((p) => [p.warn, p.suspend]).sort();
    const thresholds = Object.keys(SETTINGS_DEFAULTS).filter((k) => /^(risk|nodeLog)(Warn|Suspend)/.test(k)).sort();
    expect(paired).toEqual(thresholds);
  });

  it("refuses a suspend threshold below its warn threshold, on that field, and writes nothing", async () => {
    const err = await refusal({ riskSuspendCities: 3 }); // warn is 4
    expect(err).toMatchObject({ code: "VALIDATION", details: { reason: "settings_invalid", fields: { riskSuspendCities: "below_warn" }, fieldParams: { riskSuspendCities: { warn: 4 } } } });
    expect(await stored("riskSuspendCities")).toBeUndefined();
    expect(fieldTexts("en", err!.details)).toEqual({ riskSuspendCities: "Must not be below the warning threshold (4)." });
    expect(fieldTexts("zh-CN", err!.details).riskSuspendCities).toContain("4");
  });

  it("puts the problem on the warn threshold when only that one changed", async () => {
    const err = await refusal({ nodeLogWarnTargets: 161 }); // suspend is 160
    expect(err!.details.fields).toEqual({ nodeLogWarnTargets: "above_suspend" });
    expect(err!.details.fieldParams).toEqual({ nodeLogWarnTargets: { suspend: 160 } });
    expect(await stored("nodeLogWarnTargets")).toBeUndefined();
  });

  it("names every pair out of order in one answer, and also when both sides change at once", async () => {
    const err = await refusal({ riskWarnCountries: 5, riskSuspendCountries: 4, nodeLogSuspendConnections: 179, siteName: "Renamed" });
    expect(err!.details.fields).toEqual({ riskSuspendCountries: "below_warn", nodeLogSuspendConnections: "below_warn" });
    expect(await stored("siteName")).toBeUndefined();
  });

  it("accepts equal thresholds and raising both together", async () => {
    expect((await updateSettings(cliCtx(t.db), { riskWarnRegions: 3, riskSuspendRegions: 3 })).sort()).toEqual(["riskWarnRegions"]);
    await updateSettings(cliCtx(t.db), { nodeLogWarnConnections: 500, nodeLogSuspendConnections: 900 });
    expect(await getSettings(cliCtx(t.db))).toMatchObject({ riskWarnRegions: 3, riskSuspendRegions: 3, nodeLogWarnConnections: 500, nodeLogSuspendConnections: 900 });
    // From the form, as text.
    await updateSettings(cliCtx(t.db), { riskWarnCities: "5", riskSuspendCities: "6" });
    expect(await getSettings(cliCtx(t.db))).toMatchObject({ riskWarnCities: 5, riskSuspendCities: 6 });
  });

  it("a pair already stored out of order does not block saving other settings", async () => {
    // Written past the check (by hand, or by an older version).
    await t.db.insert(appConfig).values({ key: "riskSuspendRegions", value: 1 }).onConflictDoUpdate({ target: appConfig.key, set: { value: 1 } });
    expect(await updateSettings(cliCtx(t.db), { siteName: "Still saves" })).toEqual(["siteName"]);
    // Touching the pair asks for it to be put right.
    expect((await refusal({ riskWarnRegions: 2 }))!.details.fields).toEqual({ riskWarnRegions: "above_suspend" });
    await updateSettings(cliCtx(t.db), { riskSuspendRegions: 3 });
  });

  it("is an admin's change: ordinary users are refused before any check", async () => {
    const user = await makeUser(t.db);
    await expect(updateSettings(user.ctx, { riskSuspendCities: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("words both codes in both languages", () => {
    const details = { fields: { a: "below_warn", b: "above_suspend" }, fieldParams: { a: { warn: 7 }, b: { suspend: 9 } } };
    for (const locale of ["en", "zh-CN"] as const) {
      const texts = fieldTexts(locale, details);
      expect(texts.a).toContain("7");
      expect(texts.b).toContain("9");
      expect(texts.a).not.toMatch(/field_|below_warn/);
    }
  });
});
