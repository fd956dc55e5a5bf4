import { describe, expect, it } from "vitest";
import { decodeLoginError, encodeLoginError } from "../../src/server/auth/options";
import { DomainError, rateLimited } from "../../src/server/errors";

describe("login error through next-auth's error parameter", () => {
  it("round-trips code, reason and retry-after", () => {
    expect(decodeLoginError(encodeLoginError(rateLimited(42)))).toEqual({ code: "RATE_LIMITED", reason: "rate_limited", retryAfterSeconds: 42 });
    const unverified = new DomainError("FORBIDDEN", "email_not_verified");
    expect(decodeLoginError(encodeLoginError(unverified))).toEqual({ code: "FORBIDDEN", reason: "email_not_verified", retryAfterSeconds: undefined });
    const bad = new DomainError("UNAUTHENTICATED", "bad_credentials");
    expect(encodeLoginError(bad)).toBe("UNAUTHENTICATED|bad_credentials|");
  });

  it("never carries the message of an unexpected error", () => {
    const enc = encodeLoginError(new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2"));
    expect(enc).toBe("INTERNAL||");
    expect(decodeLoginError(enc)).toEqual({ code: "INTERNAL", reason: "", retryAfterSeconds: undefined });
  });

  it("decodes what next-auth hands back for unknown strings without throwing", () => {
    expect(decodeLoginError("CredentialsSignin")).toEqual({ code: "CredentialsSignin", reason: "", retryAfterSeconds: undefined });
  });

  it("carries attemptsLeft as a fourth field only when set, and still decodes three-field strings", () => {
    const warn = new DomainError("UNAUTHENTICATED", "bad_credentials", { attemptsLeft: 1 });
    expect(encodeLoginError(warn)).toBe("UNAUTHENTICATED|bad_credentials||1");
    expect(decodeLoginError(encodeLoginError(warn))).toEqual({ code: "UNAUTHENTICATED", reason: "bad_credentials", retryAfterSeconds: undefined, attemptsLeft: 1 });
    expect(decodeLoginError("UNAUTHENTICATED|bad_credentials|")).not.toHaveProperty("attemptsLeft");
    expect(decodeLoginError("RATE_LIMITED||42")).toEqual({ code: "RATE_LIMITED", reason: "", retryAfterSeconds: 42 });
    // Garbage in the new field is dropped, never passed on as NaN or text.
    for (const junk of ["x", "-1", "1.5", "1e3", "<b>"]) expect(decodeLoginError(`UNAUTHENTICATED|bad_credentials||${junk}`)).not.toHaveProperty("attemptsLeft");
  });
});
