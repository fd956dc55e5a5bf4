// API token format: "rb_" + 8 hex characters (the prefix an admin sees in the list) + "_" + 43
// base64url characters (32 random bytes). Only keyedHash(token, "api-token") is stored, under a
// unique index, so a request is resolved with one indexed lookup and the token cannot be shown again.
import { randomBytes } from "node:crypto";
import { keyedHash, keyedHashCandidates, randomToken } from "../../crypto/secrets";

const PURPOSE = "api-token";
const SHAPE = /^rb_([0-9a-f]{8})_[A-Za-z0-9_-]{43}$/;

export const hashApiToken = (token: string): string => keyedHash(token, PURPOSE);

/** The token's hash under the current key and every previous one (key rotation keeps tokens working). */
export const apiTokenHashCandidates = (token: string): string[] => keyedHashCandidates(token, PURPOSE);

export function newApiToken(): { token: string; prefix: string; hash: string } {
  const prefix = randomBytes(4).toString("hex");
  const token = `rb_${prefix}_${randomToken(32)}`;
  return { token, prefix, hash: hashApiToken(token) };
}

export const isApiTokenShape = (token: string): boolean => SHAPE.test(token);

/** How the list and the audit log name a token: its prefix as it begins the token itself. */
export const displayPrefix = (prefix: string): string => `rb_${prefix}`;
