// The rate limits of behaviour §2, in one place. Each throws RATE_LIMITED with a retry-after.
import { rateLimited } from "../errors";
import { getLimiter } from "./limiter";

export const LIMITS = {
  registerPerIp: { limit: 5, windowSeconds: 60 },
  loginPerIp: { limit: 10, windowSeconds: 60 },
  loginFailuresPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  emailActionsPerAddress: { limit: 3, windowSeconds: 10 * 60 },
  // An agent reports latency about once a minute and traces less often; 120/min per node leaves
  // room for retries and catch-up while a leaked or looping agent cannot flood the database.
  agentPerNode: { limit: 120, windowSeconds: 60 },
} as const;

async function enforce(key: string, l: { limit: number; windowSeconds: number }) {
  const r = await getLimiter().hit(key, l.limit, l.windowSeconds);
  if (!r.ok) throw rateLimited(r.retryAfterSeconds);
}

export const limitRegister = (ip: string) => enforce(`register:ip:${ip}`, LIMITS.registerPerIp);
export const limitLoginIp = (ip: string) => enforce(`login:ip:${ip}`, LIMITS.loginPerIp);
export const limitEmailAction = (email: string) => enforce(`email:${email.toLowerCase()}`, LIMITS.emailActionsPerAddress);
export const limitAgent = (nodeId: string) => enforce(`agent:${nodeId}`, LIMITS.agentPerNode);

const failKey = (email: string) => `login:fail:${email.toLowerCase()}`;

/** Refuses while the account is cooling down after too many wrong passwords. */
export async function assertLoginNotCoolingDown(email: string): Promise<void> {
  const r = await getLimiter().peek(failKey(email), LIMITS.loginFailuresPerAccount.limit);
  if (!r.ok) throw rateLimited(r.retryAfterSeconds);
}
export async function recordLoginFailure(email: string): Promise<void> {
  const l = LIMITS.loginFailuresPerAccount;
  await getLimiter().hit(failKey(email), l.limit, l.windowSeconds);
}
export const clearLoginFailures = (email: string) => getLimiter().reset(failKey(email));

// Two-factor codes (TOTP or recovery code) per account, at login and on the account's 2FA card:
// counted before the code is checked; a right code clears the count. 5 tries per 15 minutes keeps
// guessing a 6-digit code (3 valid per window) below 0.2% a day for someone who has the password.
export const SECOND_FACTOR_LIMIT = { limit: 5, windowSeconds: 15 * 60 } as const;
export async function beginSecondFactorCheck(userId: string): Promise<() => Promise<void>> {
  const key = `2fa:${userId}`;
  const r = await getLimiter().hit(key, SECOND_FACTOR_LIMIT.limit, SECOND_FACTOR_LIMIT.windowSeconds);
  if (!r.ok) throw rateLimited(r.retryAfterSeconds);
  return () => getLimiter().reset(key);
}
