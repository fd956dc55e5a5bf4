// A software authenticator for the passkey tests: real WebAuthn answers, not stubs. Each credential
// is a P-256 key from node:crypto; registration answers carry attestation "none" (a CBOR
// attestation object whose authenticatorData has the relying party id's hash, flags UP|UV|AT, the
// counter and the COSE public key), and sign-in answers an ES256 signature over authenticatorData
// and the client data's hash, as a browser and a platform authenticator would produce them.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";

// ---- A minimal CBOR encoder (RFC 8949): what attestation objects and COSE keys use. ----
type Cbor = number | string | Uint8Array | Cbor[] | CborMap;
/** A map keeps its keys' order and may have integer keys (COSE uses negative ones). */
export class CborMap {
  constructor(readonly entries: [number | string, Cbor][]) {}
}

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(v: Cbor): Buffer {
  if (typeof v === "number") return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === "string") {
    const s = Buffer.from(v, "utf8");
    return Buffer.concat([head(3, s.length), s]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(cbor)]);
  return Buffer.concat([head(5, v.entries.length), ...v.entries.flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

// ---- authenticatorData ----
export const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest();
const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString("base64url");

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  // kty EC2 (1: 2), alg ES256 (3: -7), crv P-256 (-1: 1), x (-2), y (-3).
  return cbor(new CborMap([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, "base64url")], [-3, Buffer.from(jwk.y!, "base64url")]]));
}

function authData(rpId: string, flags: number, counter: number, attested?: { credentialId: Buffer; publicKey: KeyObject }): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  const parts: Buffer[] = [sha256(rpId), Buffer.from([flags]), count];
  if (attested) {
    const len = Buffer.alloc(2);
    len.writeUInt16BE(attested.credentialId.length);
    parts.push(Buffer.alloc(16) /* aaguid: none */, len, attested.credentialId, coseKey(attested.publicKey));
  }
  return Buffer.concat(parts);
}

const clientData = (type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export interface SoftCredential { id: string; privateKey: KeyObject; publicKey: KeyObject; userHandle: string; counter: number }

/** Options of one answer: what a misbehaving or cloned authenticator, or a phishing page, would change. */
export interface AnswerOpts { origin?: string; rpId?: string; flags?: number; counter?: number; credentialId?: string }

/**
 * One authenticator holding discoverable credentials for one relying party (by default the tests'
 * APP_URL, http://relayboard.test). Its counter grows by one per sign-in, as a hardware key's does.
 */
export class SoftAuthenticator {
  readonly credentials = new Map<string, SoftCredential>();
  constructor(readonly origin = "http://relayboard.test", readonly rpId = new URL(origin).hostname) {}

  /** The answer navigator.credentials.create() gives for these options (a new key pair, unless one is named). */
  register(options: PublicKeyCredentialCreationOptionsJSON, o: AnswerOpts = {}): RegistrationResponseJSON {
    // A named credential answers again with its own key (the same authenticator offered twice).
    const again = o.credentialId ? this.credentials.get(o.credentialId) : undefined;
    const { privateKey, publicKey } = again ?? generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credentialId = again ? Buffer.from(again.id, "base64url") : randomBytes(16);
    const id = b64url(credentialId);
    if (!again) this.credentials.set(id, { id, privateKey, publicKey, userHandle: options.user.id, counter: 0 });
    const data = authData(o.rpId ?? options.rp.id ?? this.rpId, o.flags ?? FLAG.UP | FLAG.UV | FLAG.AT, 0, { credentialId, publicKey });
    const attestationObject = cbor(new CborMap([["fmt", "none"], ["attStmt", new CborMap([])], ["authData", data]]));
    return {
      id,
      rawId: id,
      type: "public-key",
      response: { clientDataJSON: b64url(clientData("webauthn.create", options.challenge, o.origin ?? this.origin)), attestationObject: b64url(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The answer navigator.credentials.get() gives (the first credential unless one is named). */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, o: AnswerOpts = {}): AuthenticationResponseJSON {
    const cred = o.credentialId ? this.credentials.get(o.credentialId) : this.credentials.values().next().value;
    if (!cred) throw new Error("the authenticator holds no such credential");
    cred.counter = o.counter ?? cred.counter + 1;
    const data = authData(o.rpId ?? options.rpId ?? this.rpId, o.flags ?? FLAG.UP | FLAG.UV, cred.counter);
    const client = clientData("webauthn.get", options.challenge, o.origin ?? this.origin);
    const signature = sign("sha256", Buffer.concat([data, sha256(client)]), cred.privateKey); // DER, as WebAuthn's ES256
    return {
      id: cred.id,
      rawId: cred.id,
      type: "public-key",
      response: { clientDataJSON: b64url(client), authenticatorData: b64url(data), signature: b64url(signature), userHandle: cred.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
