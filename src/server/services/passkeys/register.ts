// Adding a passkey to the signed-in account: options for navigator.credentials.create (the user's
// passkeys excluded, a discoverable credential with user verification required), then the answer
// verified against the one-time challenge and stored (credential id, public key, counter,
// transports, device type, backed-up flag). An account without unused recovery codes gets a fresh
// set with its passkey, shown once, so a lost passkey is never the end of the account.
import { generateRegistrationOptions, verifyRegistrationResponse, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Ctx } from "../../context";
import { requireUser } from "../../context";
import { passkeys, users } from "../../db/schema";
import { conflict, DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { countUnusedRecoveryCodes, replaceRecoveryCodes } from "../accounts/recovery-codes";
import { getUserOrThrow } from "../accounts/queries";
import { notify } from "../notifications/notify";
import { saveChallenge, takeChallenge } from "./challenges";
import { PasskeyName, RegistrationResponse, StepUpCode } from "./inputs";
import { toItem, type PasskeyItem } from "./item";
import { relyingParty } from "./relying-party";
import { assertStepUp } from "./step-up";

/** Passkeys one account may hold: plenty for a phone, a laptop and security keys, not a dumping ground. */
export const MAX_PASSKEYS = 10;
const TIMEOUT_MS = 120_000;

const StartInput = z.object({ code: StepUpCode }).optional();
const FinishInput = z.object({ challengeId: z.string().max(64), name: PasskeyName, response: RegistrationResponse });

/** The WebAuthn user handle: the account id's text, never the email (the handle is stored on the device). */
export const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

async function passkeyCount(ctx: Ctx, userId: string): Promise<number> {
  const [r] = await ctx.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return Number(r?.n ?? 0);
}

/**
 * Options for the browser, and the challenge's id to send back with the answer. Refused at
 * MAX_PASSKEYS, and (once a passkey exists) from a password session without a code (step-up.ts).
 */
export async function startPasskeyRegistration(ctx: Ctx, raw?: unknown): Promise<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const { userId } = requireUser(ctx);
  const input = parseInput(StartInput, raw);
  const rp = await relyingParty(ctx.db);
  const u = await getUserOrThrow(ctx.db, userId);
  if ((await passkeyCount(ctx, userId)) >= MAX_PASSKEYS) throw conflict("passkey_limit", { max: MAX_PASSKEYS });
  await assertStepUp(ctx, userId, input?.code || undefined);
  const existing = await ctx.db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: u.email,
    userDisplayName: u.name || u.email,
    userID: userHandleOf(userId),
    timeout: TIMEOUT_MS,
    attestationType: "none",
    // The same authenticator twice would be one credential under two names.
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: (c.transports ?? undefined) as never })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  const challengeId = await saveChallenge(ctx.db, { purpose: "register", userId, challenge: options.challenge, now: ctx.now() });
  return { challengeId, options };
}

export interface RegisteredPasskey {
  passkey: PasskeyItem;
  /** Only when the account had no unused recovery codes: a new set, shown this once. */
  recoveryCodes?: string[];
}

/** Verifies the browser's answer and stores the passkey; the account's owner is told it was added. */
export async function finishPasskeyRegistration(ctx: Ctx, raw: unknown): Promise<RegisteredPasskey> {
  const { userId } = requireUser(ctx);
  const input = parseInput(FinishInput, raw);
  const rp = await relyingParty(ctx.db);
  const expectedChallenge = await takeChallenge(ctx.db, { id: input.challengeId, purpose: "register", userId, now: ctx.now(), status: "VALIDATION" });
  let info;
  try {
    const r = await verifyRegistrationResponse({ response: input.response, expectedChallenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true });
    if (!r.verified) throw new Error("not verified");
    info = r.registrationInfo;
  } catch {
    throw new DomainError("VALIDATION", "passkey_invalid");
  }
  const credentialId = info.credential.id;
  return ctx.db.transaction(async (tx) => {
    // One registration of this account at a time, so two at once cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [n] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    if (Number(n?.n ?? 0) >= MAX_PASSKEYS) throw conflict("passkey_limit", { max: MAX_PASSKEYS });
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId,
        credentialId,
        publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
        counter: info.credential.counter,
        transports: input.response.response.transports,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: input.name,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw conflict("passkey_exists");
    const recoveryCodes = (await countUnusedRecoveryCodes(tx, userId)) === 0 ? await replaceRecoveryCodes(tx, userId, ctx.now()) : undefined;
    await recordAudit(ctx, { action: "user.passkey_add", targetType: "user", targetId: userId, metadata: { passkeyId: row.id, name: row.name, recoveryCodesIssued: Boolean(recoveryCodes) } }, tx);
    await notify(tx, { userId, type: "ACCOUNT", level: "INFO", text: { key: "passkeyAdded", params: { name: row.name } }, link: "/account#passkeys" });
    return { passkey: toItem(row), ...(recoveryCodes ? { recoveryCodes } : {}) };
  });
}
