"use client";
// The browser's side of a passkey ceremony, shared by the login page and the account page: whether
// the browser can do it at all, and what a refusal from navigator.credentials means to the person.
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";

export type CeremonyProblem = "unsupported" | "cancelled" | "alreadyRegistered" | "browserFailed";

export const passkeysSupported = (): boolean => typeof window !== "undefined" && browserSupportsWebAuthn();

/** @simplewebauthn/browser's errors keep the DOMException's name and add a code of their own. */
export function ceremonyProblem(err: unknown): CeremonyProblem {
  const { name, code } = (err ?? {}) as { name?: string; code?: string };
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") return "alreadyRegistered";
  // The person closed the prompt, it timed out, or the page went away: nothing to explain at length.
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED") return "cancelled";
  if (name === "NotSupportedError") return "unsupported";
  return "browserFailed";
}
