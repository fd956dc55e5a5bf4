// verifyTurnstile (the real adapter) against the siteverify simulator over HTTP, and register()
// with Turnstile switched on in the settings.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { verifyTurnstile } from "../../src/server/integrations/captcha/turnstile";
import { register } from "../../src/server/services/accounts";
import { updateSettings } from "../../src/server/services/settings";
import { DUMMY_SECRETS, DUMMY_TOKEN, startTurnstileSimulator, type TurnstileSimulator } from "../../simulators/turnstile/server";
import { anonCtx, cliCtx } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { overrideEnv, withEnv } from "../helpers/env";
import { useMemoryLimiter } from "../helpers/limiter";

let sim: TurnstileSimulator;
let t: TestDb;
let restoreEnv: () => void;
beforeAll(async () => {
  sim = await startTurnstileSimulator();
  restoreEnv = overrideEnv({ TURNSTILE_VERIFY_URL: sim.url });
  t = await createTestDb();
});
afterAll(async () => {
  restoreEnv();
  await sim.close();
  await t.close();
});
beforeEach(() => {
  useMemoryLimiter();
});

describe("verifyTurnstile", () => {
  it("dummy secrets: pass, fail, already spent", async () => {
    expect(await verifyTurnstile(DUMMY_SECRETS.pass, DUMMY_TOKEN)).toEqual({ success: true, errorCodes: [] });
    expect(await verifyTurnstile(DUMMY_SECRETS.fail, DUMMY_TOKEN)).toEqual({ success: false, errorCodes: ["invalid-input-response"] });
    expect(await verifyTurnstile(DUMMY_SECRETS.spent, DUMMY_TOKEN)).toEqual({ success: false, errorCodes: ["timeout-or-duplicate"] });
  });

  it("production secret: a minted token passes once, then is a duplicate; the dummy token fails", async () => {
    const token = sim.issueToken();
    expect(await verifyTurnstile(sim.secret, token, "203.0.113.50")).toEqual({ success: true, errorCodes: [] });
    expect(sim.requests.at(-1)).toMatchObject({ format: "form", secret: sim.secret, response: token, remoteip: "203.0.113.50" });
    expect(await verifyTurnstile(sim.secret, token)).toEqual({ success: false, errorCodes: ["timeout-or-duplicate"] });
    expect(await verifyTurnstile(sim.secret, DUMMY_TOKEN)).toEqual({ success: false, errorCodes: ["invalid-input-response"] });
    expect(await verifyTurnstile("0xNOT-OUR-SECRET", sim.issueToken())).toEqual({ success: false, errorCodes: ["invalid-input-secret"] });
  });

  it("refuses empty and over-long tokens without asking Cloudflare", async () => {
    const before = sim.requests.length;
    expect(await verifyTurnstile(sim.secret, "")).toEqual({ success: false, errorCodes: ["missing-input-response"] });
    expect(await verifyTurnstile(sim.secret, "x".repeat(2049))).toEqual({ success: false, errorCodes: ["invalid-input-response"] });
    expect(sim.requests.length).toBe(before);
  });

  it("fails closed when siteverify is slow or unreachable", async () => {
    sim.setResponseDelay(500);
    try {
      const slow = await verifyTurnstile(DUMMY_SECRETS.pass, DUMMY_TOKEN, undefined, 100);
      expect(slow.success).toBe(false);
      expect(slow.errorCodes[0]).toMatch(/^unreachable:/);
    } finally {
      sim.setResponseDelay(0);
    }
    const gone = await startTurnstileSimulator();
    await gone.close();
    await withEnv({ TURNSTILE_VERIFY_URL: gone.url }, async () => {
      const r = await verifyTurnstile(DUMMY_SECRETS.pass, DUMMY_TOKEN);
      expect(r.success).toBe(false);
      expect(r.errorCodes[0]).toMatch(/^unreachable:/);
    });
  });
});

describe("register with Turnstile on", () => {
  beforeAll(async () => {
    await updateSettings(cliCtx(t.db), { turnstileEnabled: true, turnstileSiteKey: sim.siteKey, turnstileSecretKey: sim.secret });
  });
  const userCount = async (email: string) => Number((await t.db.select({ n: count() }).from(users).where(eq(users.email, email)))[0]!.n);

  it("a missing token is a VALIDATION error on turnstileToken", async () => {
    await expect(register(anonCtx(t.db), { email: "nocap@example.com", password: "password-123" })).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { turnstileToken: "required" } } });
    expect(await userCount("nocap@example.com")).toBe(0);
  });

  it("a bad or reused token is a VALIDATION error with the siteverify codes", async () => {
    await expect(register(anonCtx(t.db), { email: "badcap@example.com", password: "password-123", turnstileToken: DUMMY_TOKEN })).rejects.toMatchObject({
      code: "VALIDATION",
      details: { fields: { turnstileToken: "invalid" }, errorCodes: ["invalid-input-response"] },
    });
    const token = sim.issueToken();
    await register(anonCtx(t.db), { email: "first@example.com", password: "password-123", turnstileToken: token });
    await expect(register(anonCtx(t.db), { email: "second@example.com", password: "password-123", turnstileToken: token })).rejects.toMatchObject({ code: "VALIDATION", details: { errorCodes: ["timeout-or-duplicate"] } });
    expect(await userCount("badcap@example.com")).toBe(0);
    expect(await userCount("second@example.com")).toBe(0);
  });

  it("a good token creates the user, and the caller's IP reaches siteverify", async () => {
    const ctx = anonCtx(t.db);
    const r = await register(ctx, { email: "human@example.com", password: "password-123", turnstileToken: sim.issueToken() });
    expect(r.user).toMatchObject({ email: "human@example.com", status: "ACTIVE" });
    expect(sim.requests.at(-1)).toMatchObject({ remoteip: ctx.ip, answer: { success: true } });
  });

  it("is not asked when Turnstile is switched off", async () => {
    await updateSettings(cliCtx(t.db), { turnstileEnabled: false });
    const before = sim.requests.length;
    await register(anonCtx(t.db), { email: "nocheck@example.com", password: "password-123" });
    expect(sim.requests.length).toBe(before);
  });
});
