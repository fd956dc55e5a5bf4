// Addresses that have no place on the map: private, loopback, link-local, shared (CGNAT),
// documentation, multicast and other special-purpose ranges (IANA registries). An access from one of
// them is logged but never counted as a country, region or city.
import { BlockList } from "node:net";

const special = new BlockList();
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
] as const) special.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) special.addSubnet(net, bits, "ipv6");

// IPv4-mapped IPv6 addresses (::ffff:0:0/96) are not listed: BlockList matches IPv4 addresses
// against IPv6 rules through that mapping, so such a rule would block every IPv4 address. lookup.ts
// turns a mapped address into its IPv4 form before asking.
export function isPublicAddress(ip: string, family: 4 | 6): boolean {
  return !special.check(ip, family === 4 ? "ipv4" : "ipv6");
}
