// The public contact form (issue 24 item 10): a message mailed as a single-use link, a ticket for
// the address's account once the link is opened (once, also when two instances confirm at once),
// the same answer for every address, rate limits per IP and per address, and the captcha failing closed.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { emailTokens, ticketMessages, tickets } from "../../src/server/db/schema";
import { keyedHash } from "../../src/server/crypto/secrets";
import { LIMITS } from "../../src/server/rate-limit/policies";
import { confirmSupportContact, requestSupportContact } from "../../src/server/services/support";
import { updateSettings } from "../../src/server/services/settings";
import { DUMMY_TOKEN, startTurnstileSimulator, type TurnstileSimulator } from "../../simulators/turnstile/server";
import type { SmtpSimulator } from "../../simulators/smtp/server";
import { anonCtx, cliCtx, freshIp, makeUser } from "../helpers/actors";
import { captureOutput } from "../helpers/capture-logs";
import { testDbForFile } from "../helpers/db";
import { overrideEnv } from "../helpers/env";
import { useMemoryLimiter } from "../helpers/limiter";
import { deliverAndReceive, linkFromMail, useSmtpSimulator } from "../helpers/mail";
import { secondInstanceForFile, settledReasons } from "../helpers/race";

const t = testDbForFile();
const second = secondInstanceForFile(t);
let smtp: SmtpSimulator;
beforeAll(async () => {
  smtp = await useSmtpSimulator(t.db);
});
afterAll(async () => {
  await smtp?.close();
});
beforeEach(() => {
  useMemoryLimiter();
});

const message = (email: string, extra: Record<string, unknown> = {}) => ({ email, subject: "Cannot sign in", body: "My password stopped working yesterday.", ...extra });

/** Sends the form and returns the token from the mail it caused. */
async function linkFor(email: string, ctx = anonCtx(t.db)): Promise<string> {
  const since = smtp.messages.length;
  expect(await requestSupportContact({ ...ctx, locale: "en" }, message(email))).toEqual({ sent: true });
  const mail = await deliverAndReceive(t.db, smtp, email, since);
  expect(mail.subject).toContain("support");
  return linkFromMail(mail, "/support/contact").token;
}

const ticketsOf = async (userId: string) => t.db.select().from(tickets).where(eq(tickets.userId, userId));

describe("the contact form", () => {
  it("opens a ticket for the account once the link is opened, and only once", async () => {
    const u = await makeUser(t.db);
    const token = await linkFor(u.email.toUpperCase());
    // Only the keyed hash is stored, never the token.
    const [row] = await t.db.select().from(emailTokens).where(and(eq(emailTokens.email, u.email), eq(emailTokens.purpose, "SUPPORT_CONTACT")));
    expect(row!.tokenHash).toBe(keyedHash(token, "email-token"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await ticketsOf(u.id)).toHaveLength(0);

    const r = await confirmSupportContact(anonCtx(t.db), { token });
    expect(r).toMatchObject({ outcome: "ticket" });
    const [ticket] = await ticketsOf(u.id);
    expect(ticket).toMatchObject({ subject: "Cannot sign in", category: "ACCOUNT", status: "OPEN" });
    const [m] = await t.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket!.id));
    expect(m).toMatchObject({ authorId: u.id, authorRole: "USER", body: "My password stopped working yesterday." });
    await expect(confirmSupportContact(anonCtx(t.db), { token })).rejects.toMatchObject({ code: "VALIDATION", details: { reason: "invalid_link" } });
    expect(await ticketsOf(u.id)).toHaveLength(1);
  });

  it("makes one ticket when the link is confirmed from two instances at once", async () => {
    const u = await makeUser(t.db);
    const token = await linkFor(u.email);
    const rs = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => confirmSupportContact(second.on(i, anonCtx(t.db)), { token })));
    expect(settledReasons(rs).filter((x) => x === "ok")).toHaveLength(1);
    expect(settledReasons(rs).filter((x) => x !== "ok").every((x) => x === "invalid_link")).toBe(true);
    expect(await ticketsOf(u.id)).toHaveLength(1);
  });

  it("answers and mails the same for an address without an account; its link opens no ticket", async () => {
    const before = Number((await t.db.select({ n: count() }).from(tickets))[0]!.n);
    const token = await linkFor("nobody-here@example.com");
    expect(await confirmSupportContact(anonCtx(t.db), { token })).toEqual({ outcome: "no_account" });
    expect(Number((await t.db.select({ n: count() }).from(tickets))[0]!.n)).toBe(before);
  });

  it("refuses an expired link, and a link of another purpose", async () => {
    const u = await makeUser(t.db);
    const token = await linkFor(u.email);
    const late = makeCtx(t.db, { kind: "anonymous" }, { ip: freshIp(), now: () => new Date(Date.now() + 61 * 60_000) });
    await expect(confirmSupportContact(late, { token })).rejects.toMatchObject({ code: "VALIDATION", details: { reason: "invalid_link" } });
    await expect(confirmSupportContact(anonCtx(t.db), { token: "not-a-token" })).rejects.toMatchObject({ code: "VALIDATION" });
    expect(await ticketsOf(u.id)).toHaveLength(0);
  });

  it("keeps the link usable when the account is at its open-ticket cap", async () => {
    const u = await makeUser(t.db);
    await updateSettings(cliCtx(t.db), { ticketOpenCap: 1 });
    try {
      const first = await linkFor(u.email);
      const secondLink = await linkFor(u.email); // a second message does not void the first link
      await confirmSupportContact(anonCtx(t.db), { token: first });
      await expect(confirmSupportContact(anonCtx(t.db), { token: secondLink })).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "ticket_limit" } });
      await t.db.update(tickets).set({ status: "CLOSED" }).where(eq(tickets.userId, u.id));
      expect(await confirmSupportContact(anonCtx(t.db), { token: secondLink })).toMatchObject({ outcome: "ticket" });
    } finally {
      await updateSettings(cliCtx(t.db), { ticketOpenCap: 2 }); // the default
    }
  });

  it("checks the lengths of the message", async () => {
    for (const bad of [{ subject: "" }, { body: " " }, { subject: "s".repeat(201) }, { body: "b".repeat(5001) }, { email: "nope" }]) {
      await expect(requestSupportContact(anonCtx(t.db), { ...message("len@example.com"), ...bad })).rejects.toMatchObject({ code: "VALIDATION" });
    }
  });

  it("is rate limited per IP and per address", async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.supportContactPerIp.limit; i++) await requestSupportContact(anonCtx(t.db, ip), message(`ip${i}@example.com`));
    await expect(requestSupportContact(anonCtx(t.db, ip), message("ip-last@example.com"))).rejects.toMatchObject({ code: "RATE_LIMITED" });
    for (let i = 0; i < LIMITS.supportContactPerAddress.limit; i++) await requestSupportContact(anonCtx(t.db), message("same@example.com"));
    await expect(requestSupportContact(anonCtx(t.db), message("Same@Example.com"))).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });

  it("never writes the token to the log", async () => {
    const u = await makeUser(t.db);
    const { output, result: token } = await captureOutput(async () => {
      const tok = await linkFor(u.email);
      await confirmSupportContact(anonCtx(t.db), { token: tok });
      return tok;
    });
    expect(output).not.toContain(token);
  });
});

describe("the contact form with Turnstile on", () => {
  let sim: TurnstileSimulator;
  let restoreEnv: () => void;
  beforeAll(async () => {
    sim = await startTurnstileSimulator();
    restoreEnv = overrideEnv({ TURNSTILE_VERIFY_URL: sim.url });
    await updateSettings(cliCtx(t.db), { turnstileEnabled: true, turnstileSiteKey: sim.siteKey, turnstileSecretKey: sim.secret });
  });
  afterAll(async () => {
    await updateSettings(cliCtx(t.db), { turnstileEnabled: false });
    restoreEnv?.();
    await sim?.close();
  });
  const tokenRows = async (email: string) => (await t.db.select().from(emailTokens).where(eq(emailTokens.email, email))).length;

  it("refuses a missing or failed captcha and mails nothing", async () => {
    const since = smtp.messages.length;
    await expect(requestSupportContact(anonCtx(t.db), message("cap@example.com"))).rejects.toMatchObject({ code: "VALIDATION", details: { fields: { turnstileToken: "required" } } });
    await expect(requestSupportContact(anonCtx(t.db), message("cap@example.com", { turnstileToken: DUMMY_TOKEN }))).rejects.toMatchObject({ code: "VALIDATION", details: { reason: "captcha_failed" } });
    expect(await tokenRows("cap@example.com")).toBe(0);
    expect(smtp.messages.length).toBe(since);
  });

  it("fails closed when siteverify cannot be reached", async () => {
    const gone = await startTurnstileSimulator();
    await gone.close();
    const restore = overrideEnv({ TURNSTILE_VERIFY_URL: gone.url });
    try {
      await expect(requestSupportContact(anonCtx(t.db), message("cap2@example.com", { turnstileToken: gone.issueToken() }))).rejects.toMatchObject({ code: "VALIDATION", details: { reason: "captcha_failed" } });
    } finally {
      restore();
    }
    expect(await tokenRows("cap2@example.com")).toBe(0);
  });

  it("accepts a good token", async () => {
    expect(await requestSupportContact(anonCtx(t.db), message("cap3@example.com", { turnstileToken: sim.issueToken() }))).toEqual({ sent: true });
    expect(await tokenRows("cap3@example.com")).toBe(1);
  });
});
