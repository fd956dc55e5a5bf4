// Masking for exports: a secret is reported only as whether it is set, never as its value or its
// ciphertext. The walk is a second line of defence behind the per-table choices in export-config.ts.

export interface MaskedSecret {
  set: boolean;
}

export const masked = (value: unknown): MaskedSecret => ({ set: typeof value === "string" ? value !== "" : value !== null && value !== undefined });

// Key names that carry secrets in panel JSON (REALITY keys, Shadowsocks server passwords, VLESS
// decryption, client lists) or anywhere else a future field might add one.
const SECRET_KEY = /pass(word|wd|phrase)?$|secret|private|token|seed|psk|certificate|credential|^key$|apikey|keyfile|^auth$|^decryption$|^(clients|peers|accounts|users)$/i;
// "v1.<kid>.<iv>.<tag>.<ct>": the at-rest format of crypto/secrets.ts.
const CIPHERTEXT = /^v\d+\.[0-9a-f]{8}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export const isSecretKeyName = (key: string) => SECRET_KEY.test(key);
export const looksLikeCiphertext = (v: string) => CIPHERTEXT.test(v);

/**
 * A deep copy with every ciphertext-looking string masked and, with `byKey` (foreign JSON such as
 * panel settings), every secret-looking key too. "none" and empty values stay as they are (a VLESS
 * `decryption: "none"` says nothing secret).
 */
export function maskSecrets(value: unknown, opts: { byKey: boolean }, key = ""): unknown {
  if (opts.byKey && key && isSecretKeyName(key) && !(value === "none" || value === "" || value === null || value === undefined || typeof value === "boolean")) {
    return { set: true } satisfies MaskedSecret;
  }
  if (typeof value === "string") return looksLikeCiphertext(value) ? ({ set: true } satisfies MaskedSecret) : value;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, opts));
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskSecrets(v, opts, k)]));
  }
  return value;
}

/** A URL without user:password@ (a panel URL pasted with credentials in it). */
export function withoutUserInfo(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = "";
    u.password = "";
    return u.toString();
  } catch {
    return url;
  }
}
