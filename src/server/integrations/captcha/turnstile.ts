// Cloudflare Turnstile siteverify (protocols.md §6). The verify URL is overridable so tests talk to
// the simulator in simulators/turnstile over a real socket.
import { env } from "../../env";
import { log } from "../../logger";

export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

export interface TurnstileResult { success: boolean; errorCodes: string[] }

export async function verifyTurnstile(secret: string, token: string, remoteIp?: string, timeoutMs = 8000): Promise<TurnstileResult> {
  if (!token) return { success: false, errorCodes: ["missing-input-response"] };
  if (token.length > 2048) return { success: false, errorCodes: ["invalid-input-response"] };
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp) body.set("remoteip", remoteIp);
  try {
    const res = await fetch(env().TURNSTILE_VERIFY_URL ?? TURNSTILE_VERIFY_URL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await res.json()) as { success?: boolean; "error-codes"?: string[] };
    return { success: json.success === true, errorCodes: json["error-codes"] ?? [] };
  } catch (err) {
    // Fail closed, but say so: operators must see that logins are refused because Cloudflare is unreachable.
    log.warn("turnstile siteverify unreachable: captcha checks fail until it answers", { error: err });
    return { success: false, errorCodes: [`unreachable:${(err as Error).name}`] };
  }
}
