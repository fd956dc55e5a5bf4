import { createHash, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { constantTimeEqual, decryptSecret, encryptSecret, isEncryptedSecret, keyedHash, parseKey, randomToken } from "../../src/server/crypto/secrets";
import { env } from "../../src/server/env";
import { overrideEnv } from "../helpers/env";

const KEY_A = env().ENCRYPTION_KEY;
const KEY_B = randomBytes(32).toString("base64");
const kidOf = (raw: string) => createHash("sha256").update(parseKey(raw)).digest("hex").slice(0, 8);

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("encryptSecret / decryptSecret", () => {
  it("round-trips, including empty and non-ASCII values, with a fresh IV each time", () => {
    for (const v of ["smtp-password", "", "密码 🔑 ü"]) expect(decryptSecret(encryptSecret(v))).toBe(v);
    const a = encryptSecret("same");
    const b = encryptSecret("same");
    expect(a).not.toBe(b);
    expect(a).not.toContain("same");
  });

  it("carries the version and the key id inside the ciphertext", () => {
    const parts = encryptSecret("x").split(".");
    expect(parts).toHaveLength(5);
    expect(parts[0]).toBe("v1");
    expect(parts[1]).toBe(kidOf(KEY_A));
    expect(Buffer.from(parts[2]!, "base64url")).toHaveLength(12); // GCM IV
    expect(Buffer.from(parts[3]!, "base64url")).toHaveLength(16); // GCM tag
    expect(isEncryptedSecret(encryptSecret("x"))).toBe(true);
    expect(isEncryptedSecret("plain text")).toBe(false);
  });

  it.each([
    ["ciphertext", 4],
    ["tag", 3],
    ["iv", 2],
  ])("detects a tampered %s", (_, i) => {
    const parts = encryptSecret("do not touch").split(".");
    const bytes = Buffer.from(parts[i]!, "base64url");
    bytes[0] = bytes[0]! ^ 1;
    parts[i] = bytes.toString("base64url");
    expect(() => decryptSecret(parts.join("."))).toThrow();
  });

  it("refuses values that are not its format", () => {
    expect(() => decryptSecret("hello")).toThrow(/Not an encrypted secret/);
    expect(() => decryptSecret("v2.abcdef12.a.b.c")).toThrow(/Not an encrypted secret/);
  });
});

describe("key rotation", () => {
  it("reads old values through ENCRYPTION_KEYS_PREVIOUS and writes with the new key", () => {
    const old = encryptSecret("rotate me");
    restore = overrideEnv({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEYS_PREVIOUS: undefined });
    expect(() => decryptSecret(old)).toThrow(new RegExp(`unknown key ${kidOf(KEY_A)}.*ENCRYPTION_KEYS_PREVIOUS`));
    restore();
    restore = overrideEnv({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEYS_PREVIOUS: `${randomBytes(32).toString("hex")},${KEY_A}` });
    expect(decryptSecret(old)).toBe("rotate me");
    const fresh = encryptSecret("new");
    expect(fresh.split(".")[1]).toBe(kidOf(KEY_B));
    expect(decryptSecret(fresh)).toBe("new");
  });

  it("parses hex and base64 keys of 32 bytes and refuses other lengths", () => {
    const bytes = randomBytes(32);
    expect(parseKey(bytes.toString("hex")).equals(bytes)).toBe(true);
    expect(parseKey(bytes.toString("base64")).equals(bytes)).toBe(true);
    expect(() => parseKey(randomBytes(16).toString("base64"))).toThrow(/32 bytes/);
  });
});

describe("keyedHash", () => {
  it("is stable, 64 hex chars, and depends on the value and the purpose", () => {
    const h = keyedHash("token-1", "email-token");
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(keyedHash("token-1", "email-token")).toBe(h);
    expect(keyedHash("token-2", "email-token")).not.toBe(h);
    expect(keyedHash("token-1", "agent-token")).not.toBe(h);
    expect(h).not.toBe(createHash("sha256").update("token-1").digest("hex")); // not a plain hash
  });

  it("depends on the encryption key, so a database alone cannot confirm a guess", () => {
    const h = keyedHash("token-1");
    restore = overrideEnv({ ENCRYPTION_KEY: KEY_B });
    expect(keyedHash("token-1")).not.toBe(h);
  });
});

describe("constantTimeEqual and randomToken", () => {
  it("compares by content, including different lengths and non-ASCII", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
    expect(constantTimeEqual("", "a")).toBe(false);
    expect(constantTimeEqual("ü", "u")).toBe(false);
  });

  it("makes URL-safe tokens of the requested entropy, never repeating", () => {
    const t = randomToken(32);
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(Array.from({ length: 200 }, () => randomToken())).size).toBe(200);
  });
});
