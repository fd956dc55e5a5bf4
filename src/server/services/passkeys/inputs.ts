// The shapes a browser sends back from navigator.credentials (as @simplewebauthn/browser writes
// them), checked before the library reads them: base64url strings of sane sizes, known transports.
// A response may arrive as an object (Server Actions) or as its JSON text (the next-auth form).
import { z } from "zod";
import type { AuthenticationResponseJSON, AuthenticatorTransportFuture, RegistrationResponseJSON } from "@simplewebauthn/server";

const b64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*$/, "invalid");
// Credential ids are at most 1023 bytes (WebAuthn Level 3): 1364 base64url characters.
const credentialId = b64url(1400).min(1);

export const TRANSPORTS: readonly AuthenticatorTransportFuture[] = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"];
const transports = z
  .array(z.string().max(32))
  .max(10)
  .optional()
  .transform((v) => (v ?? []).filter((x): x is AuthenticatorTransportFuture => (TRANSPORTS as readonly string[]).includes(x)));

const common = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().transform((v) => v ?? {}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

/** The JSON text of a response, parsed; anything else passes through for the object schema to judge. */
const fromJsonText = (v: unknown) => {
  if (typeof v !== "string") return v;
  if (v.length > 20_000) return undefined;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
};

export const RegistrationResponse = z.preprocess(
  fromJsonText,
  z.object({
    ...common,
    response: z.object({
      clientDataJSON: b64url(4096),
      attestationObject: b64url(16_000),
      transports,
    }),
  }),
) as unknown as z.ZodType<RegistrationResponseJSON & { response: { transports: AuthenticatorTransportFuture[] } }>;

export const AuthenticationResponse = z.preprocess(
  fromJsonText,
  z.object({
    ...common,
    response: z.object({
      clientDataJSON: b64url(4096),
      authenticatorData: b64url(4096),
      signature: b64url(2048),
      userHandle: b64url(256).optional(),
    }),
  }),
) as unknown as z.ZodType<AuthenticationResponseJSON>;

export const PasskeyName = z.string().trim().min(1).max(64);
/** A code that unlocks a passkey change from a session not opened with a passkey (step-up.ts). */
export const StepUpCode = z.string().trim().max(64).optional();
export const PasskeyId = z.uuid();
