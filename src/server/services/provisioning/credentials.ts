// What a new panel client is identified by: an email that links access-log lines back to the
// subscription (behaviour §6), and the protocol's secret.
import { randomBytes, randomInt, randomUUID } from "node:crypto";

const SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** `<user_email>-<8 chars>`: unique per client, readable by an admin on the panel. */
export function clientEmailFor(userEmail: string): string {
  let suffix = "";
  for (let i = 0; i < 8; i++) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return `${userEmail.toLowerCase()}-${suffix}`;
}

/**
 * Whether a panel client's email has the shape clientEmailFor makes: a user email (as account inputs
 * accept it: a dotted domain with a letters-only top level) then "-" and 8 letters or digits. The
 * panel compares emails case-insensitively, so this does too. Clients without this shape are the
 * operator's own and are never reported or touched.
 */
export const OUR_CLIENT_EMAIL = /^[^\s@]+@(?:[a-z0-9-]+\.)+[a-z]{2,}-[a-z0-9]{8}$/i;

export const isOurClientEmail = (email: string): boolean => OUR_CLIENT_EMAIL.test(email);

/** Key length in bytes of each Shadowsocks-2022 method; other methods take any password. */
const SS2022_KEY_BYTES: Record<string, number> = {
  "2022-blake3-aes-128-gcm": 16,
  "2022-blake3-aes-256-gcm": 32,
  "2022-blake3-chacha20-poly1305": 32,
};

/**
 * The client's secret for an inbound of this protocol: a uuid for vmess/vless, a random password for
 * trojan and hysteria, and for Shadowsocks-2022 a base64 key of exactly the method's length (a
 * wrong length is refused by Xray).
 */
export function newCredential(protocol: string, inboundSettings: Record<string, unknown>): string {
  switch (protocol) {
    case "vmess":
    case "vless":
      return randomUUID();
    case "shadowsocks": {
      const method = String(inboundSettings.method ?? "");
      const bytes = SS2022_KEY_BYTES[method];
      return bytes ? randomBytes(bytes).toString("base64") : randomBytes(18).toString("base64url");
    }
    default:
      return randomBytes(18).toString("base64url");
  }
}

/** Protocols whose inbounds carry per-user clients we can provision. */
export const PROVISIONABLE_PROTOCOLS = new Set(["vmess", "vless", "trojan", "shadowsocks", "hysteria", "hysteria2"]);
