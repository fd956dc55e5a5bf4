// RFC 6238 time-based one-time codes (SHA-1, 6 digits, 30 s: what every authenticator app
// supports). otplib does the math; this module fixes the parameters and the replay rule.
import { generate, generateSecret, generateURI, verify } from "otplib";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
// One step either side: phones whose clock is a little off, and a code typed as it rolls over.
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A fresh 160-bit secret, base32 (RFC 4226 recommends 160 bits). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(p: { issuer: string; account: string; secret: string }): string {
  return generateURI({ issuer: p.issuer, label: p.account, secret: p.secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

export const stepAt = (now: Date): number => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** Digits only, spaces allowed ("123 456" as some apps show it). */
export function normalizeTotpCode(raw: string): string | null {
  const s = raw.replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(s) ? s : null;
}

/**
 * The time step the code belongs to, or null. Steps at or before `afterStep` (the last code this
 * account used) never match, so a code cannot be replayed; the caller still has to record the
 * step conditionally to win a race between two simultaneous uses.
 */
export async function matchTotp(secret: string, code: string, opts: { now: Date; afterStep?: number | null }): Promise<number | null> {
  const token = normalizeTotpCode(code);
  if (!token) return null;
  const epoch = Math.floor(opts.now.getTime() / 1000);
  const newest = Math.floor((epoch + TOLERANCE_SECONDS) / TOTP_PERIOD_SECONDS);
  const after = opts.afterStep ?? undefined;
  // otplib refuses an afterTimeStep beyond the window; nothing in the window is usable then anyway.
  if (after !== undefined && after >= newest) return null;
  const r = await verify({ secret, token, epoch, period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS, epochTolerance: TOLERANCE_SECONDS, afterTimeStep: after });
  // delta is the matched step's offset from the current one (otplib types it on both HOTP and TOTP results).
  return r.valid ? Math.floor(epoch / TOTP_PERIOD_SECONDS) + r.delta : null;
}

/** The current code (tests and the CLI's self-check use it; the server never shows a code). */
export const totpCodeAt = (secret: string, now: Date): Promise<string> =>
  generate({ secret, epoch: Math.floor(now.getTime() / 1000), period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS });
