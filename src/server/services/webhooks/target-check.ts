// Where a webhook may be sent. An admin types the URL, but the request leaves from our server, so an
// unchecked URL would let anyone with the admin page (or a stolen session) probe the private network
// or a cloud metadata service (169.254.169.254) from inside it. Only http(s) URLs without credentials;
// the host is resolved and every address it resolves to must be public, unless the operator allowed
// private targets (allowPrivateWebhookTargets). The check runs when the endpoint is added and again
// before every send, and the send connects to the address this check returned (send.ts), so a name
// that resolves elsewhere by the time we connect (DNS rebinding) cannot move the request.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { validationError } from "../../errors";
import { isPublicAddress } from "../../net/public-address";

export { isPublicAddress };

export const MAX_WEBHOOK_URL_CHARS = 2000;

export interface ResolvedAddress { address: string; family: 4 | 6 }
/** Every address a host name resolves to. A seam: tests hand in their own answers. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export interface CheckedTarget {
  url: URL;
  /** The host as written (brackets of an IPv6 literal removed). */
  host: string;
  /** The address to connect to: one that passed the check. */
  address: string;
  family: 4 | 6;
  /** Every address the host resolved to, all checked (a dual-stack client may try each). */
  addresses: ResolvedAddress[];
}

/** The URL an admin typed, or a 400 saying what is wrong with it (before any resolution). */
export function parseWebhookUrl(raw: string): URL {
  const refuse = () => validationError("webhook_url_invalid", { fields: { url: "invalid_url" } });
  if (raw.length > MAX_WEBHOOK_URL_CHARS) throw validationError("invalid_input", { fields: { url: "too_long" }, fieldParams: { url: { maximum: MAX_WEBHOOK_URL_CHARS } } });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse();
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse();
  // user:pass@ would be sent as Basic auth to whoever the host is, and shows in every list.
  if (url.username || url.password || !url.hostname) throw refuse();
  return url;
}

/**
 * Resolves the URL's host and checks every address. Throws VALIDATION with a reason that names the
 * host (and the refused address) so the admin knows what to change.
 */
export async function checkWebhookTarget(raw: string, opts: { allowPrivate: boolean; resolve?: Resolver }): Promise<CheckedTarget> {
  const url = parseWebhookUrl(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (opts.resolve ?? systemResolver)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw validationError("webhook_target_unresolved", { host, fields: { url: "invalid" } });
  }
  // Every address, not only the first: the connection may go to any of them.
  if (!opts.allowPrivate) for (const a of addresses) if (!isPublicAddress(a.address)) throw validationError("webhook_target_refused", { host, address: a.address, fields: { url: "invalid" } });
  const first = addresses[0]!;
  return { url, host, address: first.address, family: first.family, addresses };
}
