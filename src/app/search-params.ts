/** One string out of a Next.js searchParams value (which may be repeated or absent). */
export const oneParam = (v: string | string[] | undefined): string | null => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null));

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;
