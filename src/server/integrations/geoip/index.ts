export { forgetGeoip, loadGeoip, lookupPlace, toPlace, type Place } from "./lookup";
export { isPublicAddress } from "./address-ranges";
