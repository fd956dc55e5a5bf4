// Whether an address is globally reachable. Two readers: GeoIP (an access from a special-purpose
// address is logged but never placed on the map) and webhooks (a target must be public unless the
// operator allows private ones).
import { BlockList, isIP } from "node:net";

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
