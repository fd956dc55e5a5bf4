// The shared parsers that replaced per-area copies: one form-boolean reading, one UUID shape.
import { describe, expect, it } from "vitest";
import { formBoolean, optionalFormBoolean } from "../../src/server/form-boolean";
import { NodeUpdateInput } from "../../src/server/services/nodes";
import { SettingsSchema } from "../../src/server/services/settings";
import { isUuid } from "../../src/server/uuid";

describe("formBoolean", () => {
  it.each([[true], ["true"], ["on"], ["1"]])("reads %j as true", (v) => expect(formBoolean.parse(v)).toBe(true));
  it.each([[false], ["false"], ["off"], ["0"]])("reads %j as false", (v) => expect(formBoolean.parse(v)).toBe(false));
  it.each([["yes"], [""], [2], [null], [undefined]])("refuses %j", (v) => expect(formBoolean.safeParse(v).success).toBe(false));

  it("optional: absent or null stays undefined (an update keeps the stored value)", () => {
    expect(optionalFormBoolean.parse(undefined)).toBeUndefined();
    expect(optionalFormBoolean.parse(null)).toBeUndefined();
    expect(optionalFormBoolean.parse("on")).toBe(true);
    expect(optionalFormBoolean.parse("false")).toBe(false);
    expect(optionalFormBoolean.safeParse("maybe").success).toBe(false);
  });

  it("is what settings switches and node checkboxes both use", () => {
    expect(SettingsSchema.shape.registrationOpen.parse("off")).toBe(false);
    expect(SettingsSchema.shape.smtpSecure.parse("1")).toBe(true);
    const base = { name: "n", panelUrl: "http://1.2.3.4:2053/", panelUsername: "u" };
    expect(NodeUpdateInput.parse({ ...base, panelTlsInsecure: "on", clearApiToken: "false" })).toMatchObject({ panelTlsInsecure: true, clearApiToken: false });
    expect(NodeUpdateInput.parse(base).panelTlsInsecure).toBeUndefined();
  });
});

describe("isUuid", () => {
  it("accepts canonical UUIDs in either case", () => {
    expect(isUuid("3f0c6a5e-1b2c-4d3e-8f90-0123456789ab")).toBe(true);
    expect(isUuid("3F0C6A5E-1B2C-4D3E-8F90-0123456789AB")).toBe(true);
  });
  it.each([["------------------------------------"], ["3f0c6a5e1b2c4d3e8f900123456789ab0000"], ["3f0c6a5e-1b2c-4d3e-8f90-0123456789ab "], ["1; drop table users"], [""]])(
    "refuses %j (would fail the ::uuid cast)",
    (v) => expect(isUuid(v)).toBe(false),
  );
});
