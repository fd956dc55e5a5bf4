// The two RSA key pairs of a face-to-face setup: the app's (the merchant signs requests with its
// private half; Alipay holds the public half) and Alipay's (Alipay signs answers and notifies; the
// merchant holds the public half). Generated fresh at every start.
import { createSign, createVerify, generateKeyPairSync, type KeyObject } from "node:crypto";

export interface KeyPair { privateKey: KeyObject; publicKey: KeyObject }

export const newKeyPair = (): KeyPair => generateKeyPairSync("rsa", { modulusLength: 2048 });

export const pkcs8Pem = (k: KeyObject) => k.export({ format: "pem", type: "pkcs8" }).toString();
export const pkcs1Pem = (k: KeyObject) => k.export({ format: "pem", type: "pkcs1" }).toString();
export const spkiPem = (k: KeyObject) => k.export({ format: "pem", type: "spki" }).toString();
/** What Alipay's key tool shows: the DER as one base64 line, no PEM armour. */
export const bareBase64 = (pem: string) => pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");

export const rsa2Sign = (text: string, key: KeyObject) => createSign("RSA-SHA256").update(text, "utf8").sign(key, "base64");
export function rsa2Verify(text: string, sign: string, key: KeyObject): boolean {
  try {
    return createVerify("RSA-SHA256").update(text, "utf8").verify(key, sign, "base64");
  } catch {
    return false;
  }
}

/** `k=v&...` sorted by key, raw values, without the named keys and without empty values. */
export const signContent = (params: Record<string, string>, omit: string[]) =>
  Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== "" && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
