// Quick client-side checks before a form is sent. The server validates again and decides; these
// only spare a round trip, and they live in one place so every form checks the same way.
export { MIN_PASSWORD_LENGTH } from "@/server/auth/password-policy";

/** Something@something.tld: enough to catch a typo; the server's zod email check is the real rule. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
