// The client catalogue's vocabulary without zod: the pages' import buttons (client components on the
// light subscription pages) build links from it, so nothing here may pull a library into their bundle.
import type { ServedFormat } from "../subscription-content/types";

export const CLIENT_PLATFORMS = ["ios", "android", "windows", "macos", "linux"] as const;
export type ClientPlatform = (typeof CLIENT_PLATFORMS)[number];

/**
 * What an import link template may contain. `url` is the content URL with `format=` set to the
 * entry's format; the others are that URL or the profile name encoded the ways clients decode them.
 */
export const TEMPLATE_PLACEHOLDERS = ["url", "urlEncoded", "urlBase64", "qxResource", "name", "nameEncoded"] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
/** A template must carry the subscription in one of these, or the link imports nothing. */
export const URL_PLACEHOLDERS: readonly TemplatePlaceholder[] = ["url", "urlEncoded", "urlBase64", "qxResource"];

/** One app in the catalogue (the file shape of `subscription clients set`). */
export interface ClientEntry {
  name: string;
  platforms: ClientPlatform[];
  /** Where to get the app (https), or "" for none. */
  downloadUrl: string;
  importUrlTemplate: string;
  format: ServedFormat;
  /** The help center article (/kb/<slug>) on setting the app up; "" or absent for none. */
  guideSlug?: string;
}
