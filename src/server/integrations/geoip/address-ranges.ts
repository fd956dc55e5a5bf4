// Addresses that have no place on the map: private, loopback, link-local, shared (CGNAT),
// documentation, multicast and other special-purpose ranges (the list is net/public-address.ts, shared
// with the webhook target check). An access from one of them is logged but never counted as a
// country, region or city.
import { isPublicAddress as isGloballyReachable } from "../../net/public-address";

export function isPublicAddress(ip: string, _family?: 4 | 6): boolean {
  return isGloballyReachable(ip);
}
