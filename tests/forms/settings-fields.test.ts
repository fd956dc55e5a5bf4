// The settings form's per-field rules, read from the one SettingsSchema: which fields carry the
// required marker, and what an emptied or out-of-range number is called (never clamped).
import { describe, expect, it } from "vitest";
import { ALL_FIELDS, checkField, isRequired, optionsOf, type EditableKey } from "../../src/components/admin/settings/settings-groups";

const field = (key: EditableKey) => ALL_FIELDS.find((f) => f.key === key)!;

describe("settings fields", () => {
  it("marks every number and the site name required; optional texts, switches and secrets are not", () => {
    for (const f of ALL_FIELDS.filter((x) => x.kind === "int")) expect(isRequired(f), f.key).toBe(true);
    expect(isRequired(field("siteName"))).toBe(true);
    for (const k of ["siteUrl", "subscriptionUrl", "supportContact", "maintenanceNotice", "smtpHost", "smtpFrom", "turnstileSiteKey"] as const) expect(isRequired(field(k)), k).toBe(false);
    for (const k of ["registrationOpen", "smtpSecure", "smtpPassword", "turnstileSecretKey"] as const) expect(isRequired(field(k)), k).toBe(false);
  });

  it("offers the currency as a choice of the schema's currencies, CNY among them", () => {
    expect(field("currency").kind).toBe("select");
    expect(optionsOf("currency")).toContain("CNY");
    expect(optionsOf("currency")).toContain("USD");
  });

  it("names a number outside its range with the range, on both sides, and an emptied one as required", () => {
    expect(checkField("smtpPort", 70000)).toEqual({ kind: "range", min: 1, max: 65535 });
    expect(checkField("loginFailuresPerAccountIp", 2)).toEqual({ kind: "range", min: 3, max: 20 });
    expect(checkField("smtpPort", "")).toEqual({ kind: "required" });
    expect(checkField("smtpPort", 587)).toBeNull();
    expect(checkField("siteName", "  ")).toEqual({ kind: "required" });
  });
});
