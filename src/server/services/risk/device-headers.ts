// The device headers a subscription client may send (protocols §8.5, the convention Happ started:
// x-hwid, x-device-os, x-ver-os, x-device-model, plus the user agent). Everything here is what the
// client says about itself: cut to size and stripped of control characters before it is stored or shown.

/**
 * A valid hardware id. Remnawave accepts `[a-zA-Z0-9=-]{10,64}`, 3x-ui anything trimmed of 6 or more
 * characters. We take 3x-ui's floor (6), so an id that works there works here, with a bounded set of
 * characters that covers what clients are seen to send (hex, UUIDs, base64url and base64 padding,
 * MAC-style colons) and a ceiling of 128, twice Remnawave's, so a longer id is not silently refused but
 * the keyed hash's input and the cache key stay small. Anything else counts as no hwid at all: the
 * fetch falls back to the geography checks and is never refused by the device rule.
 */
export const HWID_PATTERN = /^[A-Za-z0-9_=+.:-]{6,128}$/;
/** Model, OS and OS version are labels for people: 120 characters is more than any real one. */
export const DEVICE_TEXT_MAX = 120;
/** The access log keeps 300 characters of a user agent; the device row keeps as many. */
export const USER_AGENT_MAX = 300;

/** The headers as the transport read them (a missing header is null or absent). */
export interface RawDeviceHeaders {
  hwid?: string | null;
  deviceOs?: string | null;
  osVersion?: string | null;
  deviceModel?: string | null;
}

export interface DeviceInfo {
  /** The valid hardware id, or null when the client sent none or an invalid one. */
  hwid: string | null;
  deviceOs: string;
  osVersion: string;
  deviceModel: string;
  userAgent: string;
}

// C0 controls, DEL, C1 controls, and the bidirectional overrides that can make a label read backwards.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Control characters removed, trimmed, cut to `max` characters (code points: no half surrogate pair). */
export function cleanDeviceText(value: string | null | undefined, max = DEVICE_TEXT_MAX): string {
  if (!value) return "";
  const chars = Array.from(value.replace(CONTROL, "").trim());
  return chars.length > max ? chars.slice(0, max).join("").trimEnd() : chars.join("");
}

export function parseHwid(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  return HWID_PATTERN.test(v) ? v : null;
}

export function parseDeviceHeaders(raw: RawDeviceHeaders | undefined, userAgent: string): DeviceInfo {
  return {
    hwid: parseHwid(raw?.hwid),
    deviceOs: cleanDeviceText(raw?.deviceOs),
    osVersion: cleanDeviceText(raw?.osVersion),
    deviceModel: cleanDeviceText(raw?.deviceModel),
    userAgent: cleanDeviceText(userAgent, USER_AGENT_MAX),
  };
}

/** Reads the four headers through a transport's getter (node:http or the Fetch API's Headers). */
export function readDeviceHeaders(get: (name: string) => string | null | undefined): RawDeviceHeaders {
  return { hwid: get("x-hwid") ?? null, deviceOs: get("x-device-os") ?? null, osVersion: get("x-ver-os") ?? null, deviceModel: get("x-device-model") ?? null };
}
