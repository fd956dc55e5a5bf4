import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptSecret, isEncryptedSecret } from "../../src/server/crypto/secrets";
import { appConfig, auditLogs } from "../../src/server/db/schema";
import { getSettings, getSettingsWithSecrets, SETTINGS_DEFAULTS, updateSettings } from "../../src/server/services/settings";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const rawValue = async (key: string) => (await t.db.select().from(appConfig).where(eq(appConfig.key, key)))[0]?.value;
const lastAudit = async () => (await t.db.select().from(auditLogs).where(eq(auditLogs.action, "settings.update")).orderBy(desc(auditLogs.id)).limit(1))[0];

describe("settings: defaults and validation", () => {
  it("reads the documented defaults from an empty table", async () => {
    const s = await getSettings(cliCtx(t.db));
    expect(s).toMatchObject({ siteName: "Relayboard", registrationOpen: true, emailVerificationRequired: false, smtpPort: 587, ticketOpenCap: 2, riskAutoSuspend: false, riskWindowHours: 24, logRetentionDays: 30, orderExpiryMinutes: 30 });
    expect(s.secretsSet).toEqual({ smtpPassword: false, turnstileSecretKey: false, metricsToken: false, telegramBotToken: false });
    expect(await getSettingsWithSecrets(t.db)).toEqual(SETTINGS_DEFAULTS);
  });

  it("refuses invalid values with one message per field and writes nothing", async () => {
    const err = await updateSettings(cliCtx(t.db), { siteName: "", smtpPort: 70000, siteUrl: "not a url", ticketOpenCap: "x" }).catch((e) => e);
    expect(err).toMatchObject({ code: "VALIDATION" });
    expect(Object.keys(err.details.fields).sort()).toEqual(["siteName", "siteUrl", "smtpPort", "ticketOpenCap"]);
    expect(await rawValue("siteName")).toBeUndefined();
  });

  it("refuses unknown keys and system-owned keys", async () => {
    await expect(updateSettings(cliCtx(t.db), { notASetting: 1 })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(updateSettings(cliCtx(t.db), { lastLogCleanupAt: new Date().toISOString() })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("coerces form values and only writes (and audits) keys that changed", async () => {
    const changed = await updateSettings(cliCtx(t.db), { siteName: "  Relay  ", registrationOpen: "false", smtpPort: "2525", ticketOpenCap: 2 });
    expect(changed.sort()).toEqual(["registrationOpen", "siteName", "smtpPort"]);
    expect(await getSettings(cliCtx(t.db))).toMatchObject({ siteName: "Relay", registrationOpen: false, smtpPort: 2525 });
    const before = await lastAudit();
    expect(await updateSettings(cliCtx(t.db), { siteName: "Relay" })).toEqual([]);
    expect((await lastAudit())!.id).toBe(before!.id);
    await updateSettings(cliCtx(t.db), { registrationOpen: true });
  });
});

describe("settings: login limits", () => {
  it("have sane defaults and refuse a limit of 0, absurd values and non-integers", async () => {
    expect(SETTINGS_DEFAULTS).toMatchObject({ loginFailuresPerIp: 10, loginIpWindowMinutes: 1, loginFailuresPerAccountIp: 5, loginAccountIpWindowMinutes: 15 });
    for (const [key, bad] of [
      ["loginFailuresPerIp", 0],
      ["loginFailuresPerIp", -5],
      ["loginFailuresPerIp", 1_000_000],
      ["loginIpWindowMinutes", 0],
      ["loginIpWindowMinutes", 24 * 60 + 1],
      ["loginFailuresPerAccountIp", 0],
      ["loginFailuresPerAccountIp", 2], // one typo away from a lock-out
      ["loginFailuresPerAccountIp", 21], // must stay under the fixed 50-per-account ceiling
      ["loginAccountIpWindowMinutes", 0],
      ["loginAccountIpWindowMinutes", 1e9],
      ["loginFailuresPerIp", 2.5],
      ["loginFailuresPerIp", "ten"],
    ] as const) {
      const err = await updateSettings(cliCtx(t.db), { [key]: bad }).catch((e) => e);
      expect(err, `${key}=${bad}`).toMatchObject({ code: "VALIDATION", details: { fields: { [key]: expect.any(String) } } });
      expect(await rawValue(key)).toBeUndefined();
    }
  });

  it("accept values in range (form strings coerced) and read them back", async () => {
    const changed = await updateSettings(cliCtx(t.db), { loginFailuresPerIp: "200", loginIpWindowMinutes: 10, loginFailuresPerAccountIp: 8, loginAccountIpWindowMinutes: "30" });
    expect(changed.sort()).toEqual(["loginAccountIpWindowMinutes", "loginFailuresPerAccountIp", "loginFailuresPerIp", "loginIpWindowMinutes"]);
    expect(await getSettingsWithSecrets(t.db)).toMatchObject({ loginFailuresPerIp: 200, loginIpWindowMinutes: 10, loginFailuresPerAccountIp: 8, loginAccountIpWindowMinutes: 30 });
    await updateSettings(cliCtx(t.db), { loginFailuresPerIp: 10, loginIpWindowMinutes: 1, loginFailuresPerAccountIp: 5, loginAccountIpWindowMinutes: 15 });
  });
});

describe("settings: secrets", () => {
  it("stores secrets encrypted, never returns them from getSettings, and audits keys only", async () => {
    await updateSettings(cliCtx(t.db), { smtpHost: "mail.example.com", smtpUser: "mailer", smtpPassword: "hunter2-smtp", turnstileSiteKey: "site-key", turnstileSecretKey: "ts-secret-value" });
    for (const [k, v] of [["smtpPassword", "hunter2-smtp"], ["turnstileSecretKey", "ts-secret-value"]] as const) {
      const stored = await rawValue(k);
      expect(typeof stored).toBe("string");
      expect(isEncryptedSecret(stored as string)).toBe(true);
      expect(decryptSecret(stored as string)).toBe(v);
    }
    const pub = await getSettings(cliCtx(t.db));
    expect(pub).not.toHaveProperty("smtpPassword");
    expect(pub).not.toHaveProperty("turnstileSecretKey");
    expect(pub.secretsSet).toEqual({ smtpPassword: true, turnstileSecretKey: true, metricsToken: false, telegramBotToken: false });
    expect(JSON.stringify(pub)).not.toMatch(/hunter2-smtp|ts-secret-value/);
    const audit = await lastAudit();
    expect(audit!.metadata.keys).toEqual(expect.arrayContaining(["smtpPassword", "turnstileSecretKey", "smtpHost"]));
    expect(JSON.stringify(audit)).not.toMatch(/hunter2-smtp|ts-secret-value/);
    expect(await getSettingsWithSecrets(t.db)).toMatchObject({ smtpPassword: "hunter2-smtp", turnstileSecretKey: "ts-secret-value" });
  });

  it("keeps the stored secret when the form sends an empty one, and clears it only on request", async () => {
    const before = await rawValue("smtpPassword");
    expect(await updateSettings(cliCtx(t.db), { smtpPassword: "", smtpUser: "mailer2" })).toEqual(["smtpUser"]);
    expect(await rawValue("smtpPassword")).toBe(before);
    expect((await getSettingsWithSecrets(t.db)).smtpPassword).toBe("hunter2-smtp");
    await updateSettings(cliCtx(t.db), {}, { clearSecrets: ["smtpPassword"] });
    expect((await getSettings(cliCtx(t.db))).secretsSet.smtpPassword).toBe(false);
    expect((await getSettingsWithSecrets(t.db)).smtpPassword).toBe("");
  });

  it("marks an undecryptable stored secret as set but unreadable (never empty, which would mean off), without failing reads", async () => {
    // Behaviour changed in issue 6 item 5: it used to read as "" and so silently switched the captcha off.
    await t.db.update(appConfig).set({ value: "v1.deadbeef.AAAA.AAAA.AAAA" }).where(eq(appConfig.key, "turnstileSecretKey"));
    expect((await getSettingsWithSecrets(t.db)).turnstileSecretKey).toEqual({ unreadable: true });
    await updateSettings(cliCtx(t.db), { turnstileSecretKey: "ts-secret-value" });
    expect((await getSettingsWithSecrets(t.db)).turnstileSecretKey).toBe("ts-secret-value");
  });
});

describe("settings: cross-field rules", () => {
  it("email verification requires SMTP", async () => {
    await updateSettings(cliCtx(t.db), { smtpHost: "" });
    const err = await updateSettings(cliCtx(t.db), { emailVerificationRequired: true }).catch((e) => e);
    expect(err).toMatchObject({ code: "VALIDATION", details: { fields: { emailVerificationRequired: "smtp_required" } } });
    expect((await getSettings(cliCtx(t.db))).emailVerificationRequired).toBe(false);
    await updateSettings(cliCtx(t.db), { smtpHost: "mail.example.com", emailVerificationRequired: true });
    expect((await getSettings(cliCtx(t.db))).emailVerificationRequired).toBe(true);
    // and SMTP cannot be removed from under it
    await expect(updateSettings(cliCtx(t.db), { smtpHost: "" })).rejects.toMatchObject({ code: "VALIDATION" });
    await updateSettings(cliCtx(t.db), { emailVerificationRequired: false });
  });

  it("Turnstile requires both keys", async () => {
    await updateSettings(cliCtx(t.db), { turnstileSiteKey: "" }, { clearSecrets: ["turnstileSecretKey"] });
    await expect(updateSettings(cliCtx(t.db), { turnstileEnabled: true })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { turnstileEnabled: "keys_required" } } });
    await expect(updateSettings(cliCtx(t.db), { turnstileEnabled: true, turnstileSiteKey: "site" })).rejects.toMatchObject({ code: "VALIDATION" });
    await updateSettings(cliCtx(t.db), { turnstileEnabled: true, turnstileSiteKey: "site", turnstileSecretKey: "secret" });
    expect((await getSettings(cliCtx(t.db))).turnstileEnabled).toBe(true);
    await expect(updateSettings(cliCtx(t.db), {}, { clearSecrets: ["turnstileSecretKey"] })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("settings: callers", () => {
  it("refuses a user with FORBIDDEN and an anonymous caller with UNAUTHENTICATED, writing nothing", async () => {
    const user = await makeUser(t.db);
    await expect(updateSettings(user.ctx, { siteName: "Hijacked" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(updateSettings(anonCtx(t.db), { siteName: "Hijacked" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await getSettings(cliCtx(t.db))).siteName).not.toBe("Hijacked");
  });

  it("accepts an admin and records who did it", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    await updateSettings(admin.ctx, { supportContact: "help@example.com" });
    expect(await lastAudit()).toMatchObject({ actorKind: "admin", actorId: admin.id, metadata: { keys: ["supportContact"] } });
  });
});
