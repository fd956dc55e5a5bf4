// The rate limits of behaviour §2 (and issue 6 item 3), in one place. Each throws RATE_LIMITED with
// a retry-after. Every check of a password or a token is counted BEFORE the check runs (an atomic
// hit, never "peek, verify, then record"), so concurrent attempts cannot all slip through a window.
import { rateLimited } from "../errors";
import type { Settings } from "../services/settings/schema";
import { getLimiter, type LimitResult } from "./limiter";

export const LIMITS = {
  registerPerIp: { limit: 5, windowSeconds: 60 },
  // The per-IP and per-account+IP login limits are settings: see loginLimits() below.
  // A high ceiling per account across all IPs, so a botnet cannot make 5 guesses from each of
  // thousands of addresses. It could be used to lock the owner out (it takes 10+ addresses), so it
  // does not apply from an address that has logged in to this account successfully (remembered for
  // 30 days: `loginKnownIp`), and a password reset clears it. Attempts from other addresses are
  // counted before the check and refunded when the password was right.
  loginFailuresPerAccount: { limit: 50, windowSeconds: 15 * 60 },
  loginKnownIp: { limit: 1_000_000, windowSeconds: 30 * 24 * 3600 },
  // "Current password" checks of a signed-in account (change password, change email): a stolen
  // session must not become a password oracle. Cleared by a correct password.
  currentPasswordPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  // Email-change requests per account, whatever the new address (the per-address limit alone let
  // one account try unlimited passwords by changing the address every time).
  emailChangesPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  emailActionsPerAddress: { limit: 3, windowSeconds: 10 * 60 },
  // Reset and verification mails asked for from one IP, whatever the addresses.
  emailRequestsPerIp: { limit: 5, windowSeconds: 10 * 60 },
  // Email-link tokens (reset password, verify email / change email) tried from one IP. Tokens are
  // 256-bit random, so this is not about guessing but about load and probing.
  tokenAttemptsPerIp: { limit: 10, windowSeconds: 10 * 60 },
  // An agent reports latency about once a minute and traces less often; 120/min per node leaves
  // room for retries and catch-up while a leaked or looping agent cannot flood the database.
  agentPerNode: { limit: 120, windowSeconds: 60 },
  // Ticket messages a user sends (new tickets and replies, each with up to 9 MiB of images): a
  // conversation never needs more, and a looping script cannot fill the attachment store.
  ticketPostsPerUser: { limit: 30, windowSeconds: 60 * 60 },
  // Wrong or missing metrics tokens from one IP. A right token gives its count back, so a
  // Prometheus scraping every few seconds never runs into it.
  metricsTokenFailuresPerIp: { limit: 10, windowSeconds: 10 * 60 },
  // Coupon codes a buyer types (cart preview and checkout, buy now, extension preview and order),
  // counted before the code is looked up; a code that names a coupon the buyer may use gives its
  // count back, so only wrong codes use the budget. Per account: far more than a person mistyping
  // needs, and guessing becomes hopeless. Per IP: higher, since many buyers may share one NAT
  // address, but it still bounds one client cycling through fresh accounts.
  couponFailuresPerUser: { limit: 10, windowSeconds: 10 * 60 },
  couponFailuresPerIp: { limit: 30, windowSeconds: 10 * 60 },
  // [wallet] Prepaid card codes a user types (redeem): counted before the lookup, given back unless
  // the answer was card_invalid, so only wrong, used or expired codes use the budget.
  cardFailuresPerUser: { limit: 10, windowSeconds: 60 * 60 },
  cardFailuresPerIp: { limit: 30, windowSeconds: 60 * 60 },
  // [wallet] Subscription pushes (initiateSubscriptionTransfer), every attempt counted before the
  // receiver's email is looked up and never given back: "no active account uses this email" tells
  // whether someone has an account, so the answer must not be asked in bulk. A person pushes a few
  // subscriptions a day; per IP is higher for shared addresses, and bounds fresh-account cycling.
  transferPushesPerUser: { limit: 10, windowSeconds: 60 * 60 },
  transferPushesPerIp: { limit: 30, windowSeconds: 60 * 60 },
  // The public contact form (services/support/contact-request.ts): each message mails a link to the
  // address typed, so both are bounded: a person writes a few times an hour at most, and one client
  // cannot make the site mail arbitrary addresses in bulk. Counted before the captcha and never given back.
  supportContactPerIp: { limit: 5, windowSeconds: 60 * 60 },
  supportContactPerAddress: { limit: 3, windowSeconds: 60 * 60 },
  // /api/v1/ per API token: 10 requests a second on average is room for an integration paging
  // through every user, while a looping script cannot hold the database. Per IP, wrong or missing
  // tokens (counted before the lookup, given back when the token was good), like the metrics token.
  apiPerToken: { limit: 600, windowSeconds: 60 },
  apiTokenFailuresPerIp: { limit: 30, windowSeconds: 10 * 60 },
  // Gift links (issue 28, services/gifts): the gift page and the claim look a code up by its keyed
  // hash. Counted before the lookup and given back when the code names a gift, so only unknown
  // codes use the budget. The code is 144 random bits, so this bounds load and probing, not luck.
  giftCodeFailuresPerUser: { limit: 10, windowSeconds: 60 * 60 },
  giftCodeFailuresPerIp: { limit: 30, windowSeconds: 60 * 60 },
  // Staff invitation links (issue 29, services/staff): the invitation page and its acceptance look a
  // token up by keyed hash; unknown tokens count per IP, a token that names an invitation gives it back.
  staffInviteFailuresPerIp: { limit: 30, windowSeconds: 60 * 60 },
} as const;

type Limit = { limit: number; windowSeconds: number };

async function enforce(key: string, l: Limit) {
  const r = await getLimiter().hit(key, l.limit, l.windowSeconds);
  if (!r.ok) throw rateLimited(r.retryAfterSeconds);
}

/**
 * Per-IP limits need the IP. The server resolves one for every request (socket peer or trusted
 * proxy header), so a missing IP is a bug in a transport: failing loudly beats skipping the limit.
 */
function requireIp(ip: string | undefined): string {
  if (!ip) throw new Error("client IP missing");
  return ip;
}

const lower = (email: string) => email.toLowerCase();

const perIp = (prefix: string, l: Limit) => async (ip: string | undefined) => enforce(`${prefix}:ip:${requireIp(ip)}`, l);

export const limitRegister = perIp("register", LIMITS.registerPerIp);
export const limitEmailRequestIp = perIp("email-req", LIMITS.emailRequestsPerIp);
export const limitTokenAttemptIp = perIp("token", LIMITS.tokenAttemptsPerIp);
export const limitEmailAction = (email: string) => enforce(`email:${lower(email)}`, LIMITS.emailActionsPerAddress);
export const limitEmailChange = (userId: string) => enforce(`email-change:${userId}`, LIMITS.emailChangesPerAccount);
export const limitTicketPosts = (userId: string) => enforce(`ticket-post:${userId}`, LIMITS.ticketPostsPerUser);
export const limitAgent = (nodeId: string) => enforce(`agent:${nodeId}`, LIMITS.agentPerNode);
export const limitApiToken = (tokenId: string) => enforce(`api-token:${tokenId}`, LIMITS.apiPerToken);
/** [wallet] One subscription push, per account and per client IP (see LIMITS.transferPushesPerUser). */
export async function limitTransferInitiation(userId: string, ip: string | undefined): Promise<void> {
  const key = requireIp(ip);
  await enforce(`transfer:user:${userId}`, LIMITS.transferPushesPerUser);
  await enforce(`transfer:ip:${key}`, LIMITS.transferPushesPerIp);
}

/** One message from the public contact form, per client IP and per address typed. */
export async function limitSupportContact(ip: string | undefined, email: string): Promise<void> {
  await enforce(`support-contact:ip:${requireIp(ip)}`, LIMITS.supportContactPerIp);
  await enforce(`support-contact:email:${lower(email)}`, LIMITS.supportContactPerAddress);
}

export type LoginLimitSettings = Pick<Settings, "loginFailuresPerIp" | "loginIpWindowMinutes" | "loginFailuresPerAccountIp" | "loginAccountIpWindowMinutes">;

/**
 * The login limits an operator sets (Admin > Settings > Sign-in security):
 * - perIp: failed logins from one client IP, whatever the accounts (credential stuffing). Only
 *   failures count, so thousands of people behind one carrier-grade NAT do not lock each other out.
 * - perAccountIp: failed logins of one account from one IP. Keyed on account + IP so an attacker
 *   who trips it locks out only themselves: the owner logging in from another address is not refused.
 */
export function loginLimits(s: LoginLimitSettings): { perIp: Limit; perAccountIp: Limit } {
  return {
    perIp: { limit: s.loginFailuresPerIp, windowSeconds: s.loginIpWindowMinutes * 60 },
    perAccountIp: { limit: s.loginFailuresPerAccountIp, windowSeconds: s.loginAccountIpWindowMinutes * 60 },
  };
}

const ipKey = (ip: string) => `login:ip:${ip}`;
const accountIpKey = (email: string, ip: string) => `login:fail:${lower(email)}:${ip}`;
const accountKey = (email: string) => `login:fail:${lower(email)}`;
const knownIpKey = (email: string, ip: string) => `login:known:${lower(email)}:${ip}`;

/** How many more attempts a window allows after this hit (0: the next one is refused). */
const remaining = (r: LimitResult, l: Limit) => Math.max(0, l.limit - r.count);

export interface LoginIpAttempt {
  /** Attempts this IP has left in its window after this one. */
  left: number;
  /** The password was right: this attempt was not a failure, give it back (once). */
  refund(): Promise<void>;
}

/**
 * Counts one login attempt against the client IP before anything is checked (captcha, password),
 * so concurrent guesses cannot slip through; throws RATE_LIMITED when the IP has had too many
 * failures. The caller refunds it once the password was right: only failures use up the budget.
 */
export async function beginLoginIpAttempt(ipRaw: string | undefined, limits: { perIp: Limit }): Promise<LoginIpAttempt> {
  const ip = requireIp(ipRaw);
  const limiter = getLimiter();
  const l = limits.perIp;
  const r = await limiter.hit(ipKey(ip), l.limit, l.windowSeconds);
  if (!r.ok) throw rateLimited(r.retryAfterSeconds);
  let refunded = false;
  return {
    left: remaining(r, l),
    async refund() {
      if (refunded) return;
      refunded = true;
      await limiter.hit(ipKey(ip), l.limit, l.windowSeconds, -1);
    },
  };
}

export interface LoginAttempt {
  /** Attempts this account has left from this IP (and, from an unknown IP, in total) after this one. */
  left: number;
  /** The password was right: forget this address's failures and remember it as the owner's. */
  succeeded(): Promise<void>;
}

/**
 * Counts one login attempt before the password is verified; throws RATE_LIMITED when this account
 * has had too many failures from this IP (or, from an address never used by the owner, in total).
 */
export async function beginLoginAttempt(email: string, ipRaw: string | undefined, limits: { perAccountIp: Limit }): Promise<LoginAttempt> {
  const ip = requireIp(ipRaw);
  const limiter = getLimiter();
  const a = limits.perAccountIp;
  const r = await limiter.hit(accountIpKey(email, ip), a.limit, a.windowSeconds);
  if (!r.ok) throw rateLimited(r.retryAfterSeconds);
  let left = remaining(r, a);
  const known = (await limiter.peek(knownIpKey(email, ip), LIMITS.loginKnownIp.limit)).count > 0;
  if (!known) {
    const g = LIMITS.loginFailuresPerAccount;
    const total = await limiter.hit(accountKey(email), g.limit, g.windowSeconds);
    if (!total.ok) throw rateLimited(total.retryAfterSeconds);
    left = Math.min(left, remaining(total, g));
  }
  return {
    left,
    async succeeded() {
      await limiter.reset(accountIpKey(email, ip));
      if (known) return;
      const g = LIMITS.loginFailuresPerAccount;
      await limiter.hit(accountKey(email), g.limit, g.windowSeconds, -1); // refund: it was the owner
      const k = LIMITS.loginKnownIp;
      await limiter.hit(knownIpKey(email, ip), k.limit, k.windowSeconds);
    },
  };
}

/** After a password reset (the owner proved control of the mailbox): lift the lockouts. */
export async function clearLoginFailures(email: string, ip: string | undefined): Promise<void> {
  const limiter = getLimiter();
  await limiter.reset(accountKey(email));
  if (ip) await limiter.reset(accountIpKey(email, ip));
}

/**
 * Counts one "current password" check of a signed-in account before it runs; the returned
 * function clears the count once the password was right.
 */
export async function beginCurrentPasswordCheck(userId: string): Promise<() => Promise<void>> {
  const key = `pw-check:${userId}`;
  await enforce(key, LIMITS.currentPasswordPerAccount);
  return () => getLimiter().reset(key);
}

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

/**
 * Counts one metrics-token check against the client IP before it runs (throws RATE_LIMITED when
 * this IP has had too many failures); the returned function gives the count back after a right token.
 */
export async function beginMetricsTokenCheck(ipRaw: string | undefined): Promise<() => Promise<void>> {
  const key = `metrics:ip:${requireIp(ipRaw)}`;
  const l = LIMITS.metricsTokenFailuresPerIp;
  const r = await getLimiter().hit(key, l.limit, l.windowSeconds);
  if (!r.ok) throw rateLimited(r.retryAfterSeconds);
  return async () => void (await getLimiter().hit(key, l.limit, l.windowSeconds, -1));
}

/**
 * Counts one API token check against the client IP before it runs (throws RATE_LIMITED when this IP
 * has had too many failures); the returned function gives the count back after a good token.
 */
export async function beginApiTokenCheck(ipRaw: string | undefined): Promise<() => Promise<void>> {
  const key = `api-token-fail:ip:${requireIp(ipRaw)}`;
  const l = LIMITS.apiTokenFailuresPerIp;
  const r = await getLimiter().hit(key, l.limit, l.windowSeconds);
  if (!r.ok) throw rateLimited(r.retryAfterSeconds);
  return async () => void (await getLimiter().hit(key, l.limit, l.windowSeconds, -1));
}

/**
 * Counts one coupon-code attempt against the buyer and the client IP before the code is looked up
 * (throws RATE_LIMITED when either has had too many wrong codes); the returned function gives both
 * counts back once the code named a coupon this buyer may use.
 */
export const beginCouponCodeCheck = (userId: string, ipRaw: string | undefined) => beginCodeCheck("coupon", userId, ipRaw, LIMITS.couponFailuresPerUser, LIMITS.couponFailuresPerIp);

/**
 * [wallet] Counts one card-code attempt against the user and the client IP before the code is looked
 * up, like a coupon code; the returned function gives both counts back when the attempt was not a failure.
 */
export const beginCardCodeCheck = (userId: string, ipRaw: string | undefined) => beginCodeCheck("card", userId, ipRaw, LIMITS.cardFailuresPerUser, LIMITS.cardFailuresPerIp);

/**
 * A gift code looked up (the gift page, signed in or not, and the claim): counted per client IP, and
 * per account when signed in, before the lookup; the returned function gives the counts back once
 * the code named a gift.
 */
export async function beginGiftCodeCheck(userId: string | undefined, ipRaw: string | undefined): Promise<() => Promise<void>> {
  if (userId) return beginCodeCheck("gift", userId, ipRaw, LIMITS.giftCodeFailuresPerUser, LIMITS.giftCodeFailuresPerIp);
  const key = `gift:ip:${requireIp(ipRaw)}`;
  const l = LIMITS.giftCodeFailuresPerIp;
  const r = await getLimiter().hit(key, l.limit, l.windowSeconds);
  if (!r.ok) throw rateLimited(r.retryAfterSeconds);
  let refunded = false;
  return async () => {
    if (refunded) return;
    refunded = true;
    await getLimiter().hit(key, l.limit, l.windowSeconds, -1);
  };
}

/** A typed code counted per account and per IP before its lookup; refunded (once) by the returned function. */
async function beginCodeCheck(prefix: string, userId: string, ipRaw: string | undefined, user: Limit, perIp: Limit): Promise<() => Promise<void>> {
  const ip = requireIp(ipRaw);
  const limiter = getLimiter();
  const keys = [`${prefix}:user:${userId}`, `${prefix}:ip:${ip}`] as const;
  const [u, i] = await Promise.all([limiter.hit(keys[0], user.limit, user.windowSeconds), limiter.hit(keys[1], perIp.limit, perIp.windowSeconds)]);
  if (!u.ok || !i.ok) throw rateLimited(Math.max(u.ok ? 0 : u.retryAfterSeconds, i.ok ? 0 : i.retryAfterSeconds));
  let refunded = false;
  return async () => {
    if (refunded) return;
    refunded = true;
    await Promise.all([limiter.hit(keys[0], user.limit, user.windowSeconds, -1), limiter.hit(keys[1], perIp.limit, perIp.windowSeconds, -1)]);
  };
}

/** A staff invitation token counted per IP before its lookup; refunded (once) by the returned function. */
export async function beginStaffInviteCheck(ipRaw: string | undefined): Promise<() => Promise<void>> {
  const key = `staff-invite:ip:${requireIp(ipRaw)}`;
  const l = LIMITS.staffInviteFailuresPerIp;
  const r = await getLimiter().hit(key, l.limit, l.windowSeconds);
  if (!r.ok) throw rateLimited(r.retryAfterSeconds);
  let refunded = false;
  return async () => {
    if (refunded) return;
    refunded = true;
    await getLimiter().hit(key, l.limit, l.windowSeconds, -1);
  };
}
