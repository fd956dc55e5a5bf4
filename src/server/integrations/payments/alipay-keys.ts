// RSA keys as operators paste them: a PEM block, or the bare base64 the Alipay key tool shows
// (PKCS#8 for "Java" keys, PKCS#1 for the others). Everything is normalised to PEM the SDK reads
// (PKCS#8 private, SPKI public), so the SDK's own key-type guess (keyType) never matters.
import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";

const bare = (s: string) => s.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
const isPem = (s: string) => s.includes("-----BEGIN");

function firstThatParses<T>(attempts: Array<() => T>): T | null {
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // try the next encoding
    }
  }
  return null;
}

export function parseRsaPrivateKey(input: string): KeyObject | null {
  const s = input.trim();
  if (!s) return null;
  const der = () => Buffer.from(bare(s), "base64");
  const key = firstThatParses<KeyObject>([
    ...(isPem(s) ? [() => createPrivateKey({ key: s, format: "pem" })] : []),
    () => createPrivateKey({ key: der(), format: "der", type: "pkcs8" }),
    () => createPrivateKey({ key: der(), format: "der", type: "pkcs1" }),
  ]);
  return key?.asymmetricKeyType === "rsa" ? key : null;
}

export function parseRsaPublicKey(input: string): KeyObject | null {
  const s = input.trim();
  // createPublicKey would derive a public key from a private one; pasting the app's private key
  // where Alipay's public key belongs is a mistake to report, not to accept.
  if (!s || s.includes("PRIVATE KEY")) return null;
  const der = () => Buffer.from(bare(s), "base64");
  const key = firstThatParses<KeyObject>([
    ...(isPem(s) ? [() => createPublicKey({ key: s, format: "pem" })] : []),
    () => createPublicKey({ key: der(), format: "der", type: "spki" }),
    () => createPublicKey({ key: der(), format: "der", type: "pkcs1" }),
  ]);
  return key?.asymmetricKeyType === "rsa" ? key : null;
}

export const privateKeyPkcs8Pem = (k: KeyObject) => k.export({ format: "pem", type: "pkcs8" }).toString();
export const publicKeySpkiPem = (k: KeyObject) => k.export({ format: "pem", type: "spki" }).toString();
