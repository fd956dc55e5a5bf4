// The client catalogue a new site starts with: the ten apps the pages always offered, with the very
// links they built (protocols.md §8.6; tests/subscriptions/import-links.test.ts holds them to it),
// and the apps of §9 with their documented deep links. Download links only where the vendor's own
// page is known; the operator fills in the rest.
import type { ClientEntry } from "./client-catalogue-types";

export const DEFAULT_CLIENT_CATALOGUE: ClientEntry[] = [
  // Clash Verge Rev reads everything after `url=` to the end of the query, so `name` goes first;
  // FlClash reads only `url`.
  {
    name: "Clash Verge / FlClash",
    platforms: ["android", "windows", "macos", "linux"],
    downloadUrl: "https://github.com/clash-verge-rev/clash-verge-rev/releases",
    importUrlTemplate: "clash://install-config?name={nameEncoded}&url={urlEncoded}",
    format: "clash",
  },
  {
    name: "Clash Meta for Android",
    platforms: ["android"],
    downloadUrl: "https://github.com/MetaCubeX/ClashMetaForAndroid/releases",
    importUrlTemplate: "clashmeta://install-config?name={nameEncoded}&url={urlEncoded}",
    format: "clash",
  },
  { name: "Stash", platforms: ["ios", "macos"], downloadUrl: "https://stash.ws/", importUrlTemplate: "stash://install-config?url={urlEncoded}", format: "stash" },
  {
    name: "sing-box",
    platforms: ["ios", "android", "macos"],
    downloadUrl: "https://sing-box.sagernet.org/clients/",
    importUrlTemplate: "sing-box://import-remote-profile?url={urlEncoded}#{nameEncoded}",
    format: "sing-box",
  },
  // Hiddify takes the raw URL after `import/` (up to the fragment, which is the name).
  {
    name: "Hiddify",
    platforms: ["ios", "android", "windows", "macos", "linux"],
    downloadUrl: "https://github.com/hiddify/hiddify-app/releases",
    importUrlTemplate: "hiddify://import/{url}#{nameEncoded}",
    format: "sing-box",
  },
  // v2rayNG URL-decodes `url` once and takes the remark from the fragment (it ignores `name=`).
  {
    name: "v2rayNG",
    platforms: ["android"],
    downloadUrl: "https://github.com/2dust/v2rayNG/releases",
    importUrlTemplate: "v2rayng://install-config?url={urlEncoded}#{nameEncoded}",
    format: "base64",
  },
  {
    name: "Shadowrocket",
    platforms: ["ios", "macos"],
    downloadUrl: "https://apps.apple.com/app/shadowrocket/id932747118",
    importUrlTemplate: "shadowrocket://add/sub://{urlBase64}?remark={nameEncoded}",
    format: "base64",
  },
  // Happ and Streisand take the URL as it is after the prefix (Remnawave's subscription page).
  { name: "Happ", platforms: ["ios", "android", "windows", "macos"], downloadUrl: "", importUrlTemplate: "happ://add/{url}", format: "base64" },
  { name: "Streisand", platforms: ["ios", "macos"], downloadUrl: "", importUrlTemplate: "streisand://import/{url}", format: "base64" },
  { name: "V2Box", platforms: ["ios", "android", "macos"], downloadUrl: "", importUrlTemplate: "v2box://install-sub?url={urlEncoded}&name={nameEncoded}", format: "base64" },
  // §9.1-9.4: each gets the profile of its own dialect.
  { name: "Surge", platforms: ["ios", "macos"], downloadUrl: "https://nssurge.com/", importUrlTemplate: "surge:///install-config?url={urlEncoded}", format: "surge" },
  { name: "Surfboard", platforms: ["android"], downloadUrl: "https://getsurfboard.com/", importUrlTemplate: "surfboard:///install-config?url={urlEncoded}", format: "surfboard" },
  // Adds a server resource and keeps the existing ones (add-resource, not update-configuration).
  { name: "Quantumult X", platforms: ["ios"], downloadUrl: "", importUrlTemplate: "quantumult-x:///add-resource?remote-resource={qxResource}", format: "quantumult-x" },
  { name: "Loon", platforms: ["ios"], downloadUrl: "https://nsloon.com/", importUrlTemplate: "loon://import?nodelist={urlEncoded}", format: "loon" },
];
