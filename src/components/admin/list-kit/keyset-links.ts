// The three links of a keyset pager, built on the server from the list's filters: back to the
// newest rows, one page newer, one page older. `cursor` and `dir` are the only position parameters
// (useUrlFilters drops them when a filter changes).

export interface KeysetPaging {
  /** The cursor this page started from (none on the newest page). */
  cursor: string | null;
  older: string | null;
  newer: string | null;
}

export interface KeysetHrefs {
  newestHref: string | null;
  newerHref: string | null;
  olderHref: string | null;
}

export function keysetHrefs(path: string, filters: URLSearchParams, paging: KeysetPaging): KeysetHrefs {
  const href = (cursor?: string | null, dir?: "newer") => {
    const p = new URLSearchParams(filters);
    p.delete("cursor");
    p.delete("dir");
    p.delete("page");
    if (cursor) p.set("cursor", cursor);
    if (dir) p.set("dir", dir);
    const qs = p.toString();
    return qs ? `${path}?${qs}` : path;
  };
  return {
    newestHref: paging.cursor ? href() : null,
    newerHref: paging.newer ? href(paging.newer, "newer") : null,
    olderHref: paging.older ? href(paging.older) : null,
  };
}

/** The filters of a page's search parameters: every single-valued parameter but the position. */
export function filterParams(sp: Record<string, string | string[] | undefined>, keys: readonly string[]): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of keys) {
    const v = sp[k];
    const one = Array.isArray(v) ? v[0] : v;
    if (one?.trim()) out.set(k, one.trim());
  }
  return out;
}
