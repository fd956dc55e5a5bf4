// The real client IP: the socket's peer, unless that peer is a trusted proxy, in which case we walk
// X-Forwarded-For from the right and take the first address that is not itself a trusted proxy.
// Headers from untrusted peers are ignored, so nobody can forge their IP (behaviour §14.9).
import { BlockList, isIP } from "node:net";

export function parseTrustedProxies(spec: string | undefined): BlockList {
  const list = new BlockList();
  for (const raw of (spec ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    const [addr, bits] = raw.split("/");
    const family = isIP(addr!) === 6 ? "ipv6" : "ipv4";
    if (!isIP(addr!)) throw new Error(`TRUSTED_PROXIES: "${raw}" is not an IP address or CIDR`);
    if (bits !== undefined) list.addSubnet(addr!, Number(bits), family);
    else list.addAddress(addr!, family);
  }
  return list;
}

const normalize = (ip: string) => (ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

// BlockList.check builds a SocketAddress per call: about 2.5 % of the subscription endpoint's CPU
// under load, for the same few proxy and client addresses again and again. The lists are built once
// at start, so answers are remembered per list (bounded: cleared when full).
const MEMO_MAX = 10_000;
const memos = new WeakMap<BlockList, Map<string, boolean>>();

function isTrusted(list: BlockList, ip: string): boolean {
  let memo = memos.get(list);
  if (!memo) memos.set(list, (memo = new Map()));
  const known = memo.get(ip);
  if (known !== undefined) return known;
  const v = isIP(ip);
  const trusted = v !== 0 && list.check(ip, v === 6 ? "ipv6" : "ipv4");
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(ip, trusted);
  return trusted;
}

/** Whether the socket peer is one of TRUSTED_PROXIES: only then are its forwarding headers believed. */
export const isTrustedPeer = (peer: string | undefined, trusted: BlockList): boolean => Boolean(peer) && isTrusted(trusted, normalize(peer!));

/**
 * The client's IP, or undefined when the socket has no peer address (it already closed): callers
 * refuse such a request rather than run it without an IP, because per-IP limits key on it.
 */
export function resolveClientIp(peer: string | undefined, forwardedFor: string | undefined, trusted: BlockList): string | undefined {
  if (!peer || !isIP(normalize(peer))) return undefined;
  const remote = normalize(peer);
  if (!isTrusted(trusted, remote) || !forwardedFor) return remote;
  const hops = forwardedFor.split(",").map((s) => normalize(s.trim())).filter((s) => isIP(s));
  for (let i = hops.length - 1; i >= 0; i--) if (!isTrusted(trusted, hops[i]!)) return hops[i]!;
  return hops[0] ?? remote;
}

/** Headers the custom server sets on every request after removing any client-sent copies. */
export const CLIENT_IP_HEADER = "x-relayboard-client-ip";
export const REQUEST_ID_HEADER = "x-request-id";
