// Signing as the Standard Webhooks scheme does (standardwebhooks.com), so receivers can use its
// libraries: the secret is "whsec_" + base64 of random bytes, the HMAC-SHA256 key is those bytes,
// the signed text is "<webhook id>.<unix seconds>.<body>", and the header is "v1,<base64 MAC>".
import { createHmac, randomBytes } from "node:crypto";

export const SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 32;

export const WEBHOOK_HEADERS = {
  id: "Relayboard-Webhook-Id",
  timestamp: "Relayboard-Webhook-Timestamp",
  signature: "Relayboard-Webhook-Signature",
} as const;

export const WEBHOOK_USER_AGENT = "Relayboard-Webhooks/1";

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString("base64");
}

/** The MAC key of a secret: the bytes after the prefix. */
function keyOf(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("not a webhook secret");
  return Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
}

export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** Every header of one request (a fresh timestamp per attempt: receivers refuse old ones). */
export function webhookRequestHeaders(secret: string, id: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": WEBHOOK_USER_AGENT,
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: webhookSignature(secret, id, timestamp, body),
  };
}
