// The settings page's "Risk control" section: every risk setting of the schema is editable there,
// each with a label and a help text in both languages, and each warn threshold sits beside its
// suspend threshold (same grid row).
import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import zh from "../../messages/zh-CN.json";
import { GROUPS } from "../../src/components/admin/settings/settings-groups";
import { SETTINGS_DEFAULTS } from "../../src/server/services/settings/schema";
import { RISK_THRESHOLD_PAIRS } from "../../src/server/services/settings/risk-thresholds";

const risk = GROUPS.find((g) => g.id === "risk")!;
const riskKeys = Object.keys(SETTINGS_DEFAULTS).filter((k) => /^(risk|nodeLog)/.test(k));

describe("the risk section of the settings page", () => {
  it("holds every risk setting of the schema, once, and no other group holds one", () => {
    expect(risk.fields.map((f) => f.key).sort()).toEqual([...riskKeys].sort());
    expect(riskKeys).toHaveLength(14);
    for (const g of GROUPS.filter((x) => x.id !== "risk")) for (const f of g.fields) expect(riskKeys, f.key).not.toContain(f.key);
    expect(risk.parts!.flatMap((p) => p.fields)).toEqual(risk.fields);
  });

  it("puts each warn threshold in the left column with its suspend threshold to its right", () => {
    for (const part of risk.parts!) {
      // Cells in a two-column grid: a wide field fills a row.
      let col = 0;
      const cells: { key: string; col: number }[] = [];
      for (const f of part.fields) {
        if (f.wide && col === 1) col = 0;
        cells.push({ key: f.key, col });
        col = f.wide ? 0 : 1 - col;
      }
      for (const p of RISK_THRESHOLD_PAIRS) {
        const w = cells.findIndex((c) => c.key === p.warn);
        if (w < 0) continue;
        expect(cells[w]!.col, p.warn).toBe(0);
        expect(cells[w + 1], p.warn).toEqual({ key: p.suspend, col: 1 });
      }
    }
  });

  it("labels every field and part and explains every field, in English and Chinese", () => {
    for (const m of [en, zh]) {
      const s = m.adminSettings as unknown as { fields: Record<string, string>; hints: Record<string, string>; parts: Record<string, string>; partHints: Record<string, string> };
      for (const k of riskKeys) {
        expect(s.fields[k], k).toBeTruthy();
        expect(s.hints[k], k).toBeTruthy();
      }
      for (const p of risk.parts!) {
        expect(s.parts[p.id]).toBeTruthy();
        expect(s.partHints[p.id]).toBeTruthy();
      }
    }
    // Auto-suspend is off by default and the help text says what "off" means.
    expect(SETTINGS_DEFAULTS.riskAutoSuspend).toBe(false);
    expect(en.adminSettings.hints.riskAutoSuspend).toMatch(/off by default/i);
    expect(en.adminSettings.hints.riskAutoSuspend).toMatch(/only warns/i);
  });
});
