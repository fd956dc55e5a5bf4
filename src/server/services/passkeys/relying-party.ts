// Who the passkeys belong to (the WebAuthn "relying party"): the site's configured public origin,
// the settings' siteUrl or else APP_URL, the same address every mail link and payment callback
// uses. A passkey is bound to its host name, so the browser must open the site at that address;
// WebAuthn refuses IP addresses as a relying party id, so a site configured by IP has no passkeys.
import { isIP } from "node:net";
import type { Db } from "../../db/client";
import { env } from "../../env";
import { unavailable } from "../../errors";
import { getSettingsWithSecrets } from "../settings/queries";

export interface RelyingParty {
  /** Shown by the browser and the password manager beside the passkey. */
  name: string;
  /** The host name the passkeys are bound to. */
  id: string;
  /** The only origin whose answers are accepted (scheme, host and port, as the browser reports it). */
  origin: string;
}

/** The relying party of a public address, or null when passkeys cannot work there (an IP address, not a URL). */
export function relyingPartyOf(siteUrl: string, siteName: string): RelyingParty | null {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host || isIP(host) !== 0) return null;
  return { name: siteName, id: host, origin: url.origin };
}

/** The site's relying party; UNAVAILABLE `passkey_unavailable` when its address cannot carry passkeys. */
export async function relyingParty(db: Db): Promise<RelyingParty> {
  const s = await getSettingsWithSecrets(db);
  const rp = relyingPartyOf(s.siteUrl || env().appUrl, s.siteName);
  if (!rp) throw unavailable("passkey_unavailable");
  return rp;
}
