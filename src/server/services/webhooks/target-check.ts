// Where a webhook may be sent. An admin types the URL, but the request leaves from our server, so an
// unchecked URL would let anyone with the admin page (or a stolen session) probe the private network
// or a cloud metadata service (169.254.169.254) from inside it. Only http(s) URLs without credentials;
// the host is resolved and every address it resolves to must be public, unless the operator allowed
// private targets (allowPrivateWebhookTargets). The check runs when the endpoint is added and again
// before every send, and the send connects to the address this check returned (send.ts), so a name
// that resolves elsewhere by the time we connect (DNS rebinding) cannot move the request.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { validationError } from "../../errors";

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

// Not globally reachable (IANA special-purpose registries): private, loopback, link-local (cloud
// metadata lives there), shared CGNAT space, "this network", documentation, benchmarking, reserved,
// multicast and broadcast. Node's BlockList also matches IPv4-mapped IPv6 (::ffff:10.0.0.1)
// against these IPv4 rules (tests/webhooks/target-check.test.ts holds it to that).
const notPublic = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  notPublic.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  // Unspecified, loopback and the deprecated IPv4-compatible form (::10.0.0.1).
  ["::", 96],
  // NAT64 and 6to4 carry an IPv4 address inside, which may be a private one.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2002::", 16],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  notPublic.addSubnet(net, bits, "ipv6");

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? "ipv4" : "ipv6");
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
