export { loadGeoip, lookupPlace, type Place } from "./lookup";
export { isPublicAddress } from "./address-ranges";
