// The Turnstile simulator speaks siteverify (protocols.md §6); these tests talk to it over HTTP the
// way any client would, in each body format the protocol allows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DUMMY_SECRETS, DUMMY_TOKEN, ISSUE_TOKEN_PATH, startTurnstileSimulator, type TurnstileSimulator } from "../../simulators/turnstile/server";

let sim: TurnstileSimulator;
beforeAll(async () => {
  sim = await startTurnstileSimulator();
});
afterAll(() => sim.close());

type Answer = { success: boolean; "error-codes": string[]; challenge_ts?: string; hostname?: string; action?: string; cdata?: string };
async function verifyForm(fields: Record<string, string>, url = sim.url): Promise<Answer> {
  const res = await fetch(url, { method: "POST", body: new URLSearchParams(fields) });
  return (await res.json()) as Answer;
}
async function verifyJson(fields: Record<string, unknown>): Promise<{ status: number; body: Answer }> {
  const res = await fetch(sim.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) });
  return { status: res.status, body: (await res.json()) as Answer };
}

describe("Turnstile simulator: dummy secrets", () => {
  it("1x…AA passes any token, 2x…AA fails, 3x…AA answers timeout-or-duplicate", async () => {
    expect(await verifyForm({ secret: DUMMY_SECRETS.pass, response: DUMMY_TOKEN })).toMatchObject({ success: true, "error-codes": [] });
    expect(await verifyForm({ secret: DUMMY_SECRETS.pass, response: "anything" })).toMatchObject({ success: true });
    expect(await verifyForm({ secret: DUMMY_SECRETS.fail, response: DUMMY_TOKEN })).toEqual({ success: false, "error-codes": ["invalid-input-response"] });
    expect(await verifyForm({ secret: DUMMY_SECRETS.spent, response: DUMMY_TOKEN })).toEqual({ success: false, "error-codes": ["timeout-or-duplicate"] });
  });

  it("reports missing fields, an unknown secret and an over-long token", async () => {
    expect(await verifyForm({})).toEqual({ success: false, "error-codes": ["missing-input-secret", "missing-input-response"] });
    expect(await verifyForm({ secret: DUMMY_SECRETS.pass })).toEqual({ success: false, "error-codes": ["missing-input-response"] });
    expect(await verifyForm({ response: DUMMY_TOKEN })).toEqual({ success: false, "error-codes": ["missing-input-secret"] });
    expect(await verifyForm({ secret: "0xWRONG", response: DUMMY_TOKEN })).toEqual({ success: false, "error-codes": ["invalid-input-secret"] });
    expect(await verifyForm({ secret: DUMMY_SECRETS.pass, response: "x".repeat(2049) })).toEqual({ success: false, "error-codes": ["invalid-input-response"] });
  });
});

describe("Turnstile simulator: production secret", () => {
  it("accepts a minted token once (JSON body), then answers timeout-or-duplicate", async () => {
    const token = sim.issueToken({ action: "register", cdata: "c1" });
    const first = await verifyJson({ secret: sim.secret, response: token, remoteip: "203.0.113.9" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, "error-codes": [], action: "register", cdata: "c1", hostname: "localhost" });
    expect(new Date(first.body.challenge_ts!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await verifyJson({ secret: sim.secret, response: token })).body).toEqual({ success: false, "error-codes": ["timeout-or-duplicate"] });
    expect(sim.requests.find((r) => r.response === token)).toMatchObject({ format: "json", remoteip: "203.0.113.9" });
  });

  it("rejects the dummy token and unknown tokens", async () => {
    expect(await verifyForm({ secret: sim.secret, response: DUMMY_TOKEN })).toEqual({ success: false, "error-codes": ["invalid-input-response"] });
    expect(await verifyForm({ secret: sim.secret, response: "0.forged" })).toEqual({ success: false, "error-codes": ["invalid-input-response"] });
  });

  it("accepts multipart FormData bodies", async () => {
    const fd = new FormData();
    fd.set("secret", sim.secret);
    fd.set("response", sim.issueToken());
    const res = await fetch(sim.url, { method: "POST", body: fd });
    expect(await res.json()).toMatchObject({ success: true });
    expect(sim.requests.at(-1)!.format).toBe("form");
  });

  it("answers a retry with the same idempotency_key like the first time", async () => {
    const token = sim.issueToken();
    const key = crypto.randomUUID();
    const a = await verifyForm({ secret: sim.secret, response: token, idempotency_key: key });
    const b = await verifyForm({ secret: sim.secret, response: token, idempotency_key: key });
    expect(a).toMatchObject({ success: true });
    expect(b).toEqual(a);
    expect(await verifyForm({ secret: sim.secret, response: token, idempotency_key: crypto.randomUUID() })).toMatchObject({ "error-codes": ["timeout-or-duplicate"] });
  });

  it("expires tokens after their lifetime", async () => {
    const short = await startTurnstileSimulator({ tokenTtlSeconds: 0.05 });
    try {
      const token = short.issueToken();
      await new Promise((r) => setTimeout(r, 120));
      expect(await verifyForm({ secret: short.secret, response: token }, short.url)).toEqual({ success: false, "error-codes": ["timeout-or-duplicate"] });
    } finally {
      await short.close();
    }
  });

  it("mints tokens over HTTP for clients in another process", async () => {
    const res = await fetch(new URL(ISSUE_TOKEN_PATH, sim.url), { method: "POST" });
    const { token } = (await res.json()) as { token: string };
    expect(await verifyForm({ secret: sim.secret, response: token })).toMatchObject({ success: true });
  });
});

describe("Turnstile simulator: malformed requests", () => {
  it("answers bad-request for broken JSON, 405 for GET and 404 elsewhere", async () => {
    const broken = await fetch(sim.url, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ success: false, "error-codes": ["bad-request"] });
    expect((await fetch(sim.url)).status).toBe(405);
    expect((await fetch(new URL("/other", sim.url), { method: "POST" })).status).toBe(404);
  });
});
