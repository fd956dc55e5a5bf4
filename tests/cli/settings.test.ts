// settings get / set through runCli: schema parsing, validation errors, and secrets never printed.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appConfig } from "../../src/server/db/schema";
import { SETTINGS_DEFAULTS } from "../../src/server/services/settings";
import { createTestDb, type TestDb } from "../helpers/db";
import { cli, json, type Ran } from "./helpers";

const SECRET = "S3cret-Value-never-shown";
const allOutput = (r: Ran) => r.stdout + r.stderr;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("settings get", () => {
  it("lists every setting with defaults; secrets only as (not set)", async () => {
    const r = await cli(t.db, "settings", "get");
    expect(r.code).toBe(0);
    for (const key of Object.keys(SETTINGS_DEFAULTS)) expect(r.stdout).toMatch(new RegExp(`^${key} `, "m"));
    expect(r.stdout).toMatch(/^siteName\s+"Relayboard"$/m);
    expect(r.stdout).toMatch(/^smtpPort\s+587$/m);
    expect(r.stdout).toMatch(/^smtpPassword\s+\(not set\)$/m);
  });

  it("--json: { settings, secretsSet } with typed values and no secret keys", async () => {
    const out = json<{ settings: Record<string, unknown>; secretsSet: Record<string, boolean> }>(await cli(t.db, "settings", "get", "--json"));
    expect(Object.keys(out).sort()).toEqual(["secretsSet", "settings"]);
    expect(out.settings.smtpPort).toBe(587);
    expect(out.settings.registrationOpen).toBe(true);
    expect(out.settings).not.toHaveProperty("smtpPassword");
    expect(out.settings).not.toHaveProperty("turnstileSecretKey");
    expect(out.secretsSet).toEqual({ smtpPassword: false, turnstileSecretKey: false, metricsToken: false, telegramBotToken: false });
  });

  it("one key prints the bare value; --json gives { key, secret, value }", async () => {
    expect(await cli(t.db, "settings", "get", "siteName")).toMatchObject({ code: 0, stdout: "Relayboard\n" });
    expect(await cli(t.db, "settings", "get", "ticketOpenCap")).toMatchObject({ code: 0, stdout: "2\n" });
    expect(json(await cli(t.db, "settings", "get", "smtpPort", "--json"))).toEqual({ key: "smtpPort", secret: false, value: 587 });
  });

  it("an unknown key is VALIDATION (exit 1)", async () => {
    const r = await cli(t.db, "settings", "get", "colour");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: VALIDATION: Unknown setting "colour"/);
  });
});

describe("settings set", () => {
  it("parses values through the schema (booleans, numbers, text) and reports changed keys", async () => {
    const r = await cli(t.db, "settings", "set", "siteName=Acme Proxy", "smtpPort=465", "registrationOpen=off", "maintenanceNotice=a=b");
    expect(r.code).toBe(0);
    // Keys come back in the settings schema's order, not the command line's.
    expect(r.stdout).toBe("updated: siteName, maintenanceNotice, registrationOpen, smtpPort\n");
    const out = json<{ settings: Record<string, unknown> }>(await cli(t.db, "settings", "get", "--json"));
    expect(out.settings).toMatchObject({ siteName: "Acme Proxy", smtpPort: 465, registrationOpen: false, maintenanceNotice: "a=b" });
    // Setting the same values again changes nothing.
    expect(json(await cli(t.db, "settings", "set", "smtpPort=465", "--json"))).toEqual({ changed: [] });
    expect((await cli(t.db, "settings", "set", "smtpPort=465")).stdout).toBe("nothing changed\n");
  });

  it("an invalid value is VALIDATION (exit 1) naming the field, and nothing is written", async () => {
    const r = await cli(t.db, "settings", "set", "siteName=Changed", "smtpPort=99999");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^error: VALIDATION: /);
    expect(r.stderr).toMatch(/^ {2}smtpPort: /m);
    expect((await cli(t.db, "settings", "get", "siteName")).stdout).toBe("Acme Proxy\n");
    expect((await cli(t.db, "settings", "set", "registrationOpen=maybe")).code).toBe(1);
  });

  it("rejects unknown and system-owned keys, and cross-field rules of the service", async () => {
    expect((await cli(t.db, "settings", "set", "colour=blue")).stderr).toMatch(/^error: VALIDATION: Unknown setting "colour"/);
    expect((await cli(t.db, "settings", "set", "lastLogCleanupAt=2026-01-01T00:00:00Z")).stderr).toMatch(/^error: VALIDATION: .*maintained by Relayboard/);
    const r = await cli(t.db, "settings", "set", "turnstileEnabled=true");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/turnstileEnabled: Turnstile needs both a site key and a secret key/);
  });

  it("sets the login limits through the schema and refuses a limit of 0", async () => {
    expect(json(await cli(t.db, "settings", "set", "loginFailuresPerIp=50", "loginIpWindowMinutes=5", "--json"))).toEqual({ changed: ["loginFailuresPerIp", "loginIpWindowMinutes"] });
    expect((await cli(t.db, "settings", "get", "loginFailuresPerIp")).stdout).toBe("50\n");
    const r = await cli(t.db, "settings", "set", "loginFailuresPerAccountIp=0");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ {2}loginFailuresPerAccountIp: /m);
    expect((await cli(t.db, "settings", "get", "loginFailuresPerAccountIp")).stdout).toBe("5\n");
  });

  it("accepts a secret, stores it encrypted, and never prints it", async () => {
    const set = await cli(t.db, "settings", "set", `smtpPassword=${SECRET}`, "--json");
    expect(json(set)).toEqual({ changed: ["smtpPassword"] });
    expect(allOutput(set)).not.toContain(SECRET);
    const [row] = await t.db.select().from(appConfig).where(eq(appConfig.key, "smtpPassword"));
    expect(JSON.stringify(row!.value)).not.toContain(SECRET);

    const views = [
      await cli(t.db, "settings", "get"),
      await cli(t.db, "settings", "get", "--json"),
      await cli(t.db, "settings", "get", "smtpPassword"),
      await cli(t.db, "settings", "get", "smtpPassword", "--json"),
    ];
    for (const v of views) expect(allOutput(v)).not.toContain(SECRET);
    expect(views[0]!.stdout).toMatch(/^smtpPassword\s+\(set\)$/m);
    expect(json<{ secretsSet: Record<string, boolean> }>(views[1]!).secretsSet.smtpPassword).toBe(true);
    expect(views[2]!.stdout).toBe("(set)\n");
    expect(json(views[3]!)).toEqual({ key: "smtpPassword", secret: true, set: true });
  });

  it("an invalid secret is refused without echoing it", async () => {
    const tooLong = `${"x".repeat(300)}${SECRET}`;
    const r = await cli(t.db, "settings", "set", `turnstileSecretKey=${tooLong}`);
    expect(r.code).toBe(1);
    expect(allOutput(r)).not.toContain(SECRET);
  });

  it("an empty secret must be removed with --clear, which only applies to secrets", async () => {
    const empty = await cli(t.db, "settings", "set", "smtpPassword=");
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/--clear smtpPassword/);
    expect((await cli(t.db, "settings", "set", "--clear", "siteName")).stderr).toMatch(/Only secrets can be cleared/);
    expect(await cli(t.db, "settings", "set", "--clear", "smtpPassword")).toMatchObject({ code: 0, stdout: "updated: smtpPassword\n" });
    expect((await cli(t.db, "settings", "get", "smtpPassword")).stdout).toBe("(not set)\n");
  });
});
