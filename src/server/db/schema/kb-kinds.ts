// The knowledge base's fixed vocabulary without drizzle, so client components can import it.

/** The languages an article may be written in (the site's two). */
export const KB_LOCALES = ["zh-CN", "en"] as const;
export type KbLocale = (typeof KB_LOCALES)[number];

/** Lowercase words joined by single hyphens: an address part that reads the same in every browser. */
export const KB_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_CHARS = 80;
export const MAX_TITLE_CHARS = 160;
export const MAX_CATEGORY_NAME_CHARS = 60;
