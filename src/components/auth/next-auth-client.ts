// next-auth's own endpoints driven by fetch (not next-auth/react): csrf, credentials callback,
// signout. The credentials and passkey callbacks answer our error envelope with a status on failure.
export interface LoginFailure {
  code: string;
  message: string;
  reason?: string;
  retryAfterSeconds?: number;
  /** Set when the next wrong password is the last one the limits allow. */
  attemptsLeft?: number;
}

async function csrfToken(): Promise<string> {
  const r = await fetch("/api/auth/csrf", { cache: "no-store", credentials: "same-origin" });
  const j = (await r.json().catch(() => ({}))) as { csrfToken?: string };
  if (!r.ok || !j.csrfToken) throw new Error("csrf unavailable");
  return j.csrfToken;
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  credentials: "same-origin" as const,
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

export interface LoginInput {
  email: string;
  password: string;
  turnstileToken?: string | null;
  /** The second step for accounts with two-factor sign-in: one of the two. */
  totpCode?: string;
  recoveryCode?: string;
}

export type LoginResult = { ok: true } | { ok: false; error: LoginFailure };

export function credentialsLogin(input: LoginInput): Promise<LoginResult> {
  const fields: Record<string, string> = { email: input.email, password: input.password };
  if (input.turnstileToken) fields.turnstileToken = input.turnstileToken;
  if (input.totpCode) fields.totpCode = input.totpCode;
  if (input.recoveryCode) fields.recoveryCode = input.recoveryCode;
  return callback("credentials", fields);
}

/** A passkey sign-in: the challenge's id and the browser's answer (services/passkeys), no password. */
export function passkeyLogin(input: { challengeId: string; response: unknown }): Promise<LoginResult> {
  return callback("passkey", { challengeId: input.challengeId, response: JSON.stringify(input.response) });
}

/** POST /api/auth/callback/<provider>: our error envelope with a status on failure (the route maps both providers). */
async function callback(provider: "credentials" | "passkey", fields: Record<string, string>): Promise<LoginResult> {
  let r: Response;
  try {
    r = await fetch(`/api/auth/callback/${provider}`, form({ ...fields, csrfToken: await csrfToken(), json: "true", callbackUrl: "/" }));
  } catch {
    return { ok: false, error: { code: "NETWORK", message: "Network error" } };
  }
  const body = (await r.json().catch(() => ({}))) as { url?: string; error?: { code?: string; message?: string; details?: { reason?: string; retryAfterSeconds?: number; attemptsLeft?: number } } };
  if (r.ok) {
    // A stale csrf token makes next-auth answer 200 with a redirect back to its sign-in page.
    if (body.url && /[?&](csrf=true|error=)/.test(body.url)) return { ok: false, error: { code: "CSRF", message: "Session expired" } };
    return { ok: true };
  }
  const e = body.error;
  const retry = e?.details?.retryAfterSeconds ?? Number(r.headers.get("retry-after") ?? NaN);
  return {
    ok: false,
    error: {
      code: e?.code ?? (r.status === 429 ? "RATE_LIMITED" : "INTERNAL"),
      message: e?.message ?? "Login failed",
      reason: e?.details?.reason,
      retryAfterSeconds: Number.isFinite(retry) ? retry : undefined,
      attemptsLeft: typeof e?.details?.attemptsLeft === "number" ? e.details.attemptsLeft : undefined,
    },
  };
}

/** Ends this browser's session (the cookie); callers then navigate with a full page load. */
export async function signOut(): Promise<void> {
  try {
    await fetch("/api/auth/signout", form({ csrfToken: await csrfToken(), callbackUrl: "/login", json: "true" }));
  } catch {
    /* the navigation to /login still happens; a revoked session is refused server-side anyway */
  }
}
