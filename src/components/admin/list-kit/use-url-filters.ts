"use client";
// The filters of an admin list live in its URL: a shared link or a reload shows the same rows.
// A change keeps the other filters and drops the position (page number or keyset cursor), since
// the old position means nothing in the new set of rows.
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useTransition } from "react";

/** Parameters that say where in the list one is, not what is listed. */
const POSITION_PARAMS = ["page", "cursor", "dir"];

export type FilterChange = Record<string, string | null | undefined>;

/**
 * The address last asked for, and the address it was asked from. Two changes in quick succession
 * (a search that fires as a select is picked, a field's blur before the Apply click) each start
 * from it while the URL has not moved yet, so the second does not undo the first by building on
 * the URL of before. Once the URL has moved (that navigation or any other), the URL is the truth
 * again. Shared by every toolbar field.
 */
let asked: { path: string; from: string; qs: string } | null = null;

export function useUrlFilters() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const current = params.toString();

  const apply = useCallback(
    (change: FilterChange, how: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(asked && asked.path === pathname && asked.from === current ? asked.qs : current);
      for (const p of POSITION_PARAMS) next.delete(p);
      for (const [k, v] of Object.entries(change)) {
        const value = v?.trim();
        if (value) next.set(k, value);
        else next.delete(k);
      }
      const qs = next.toString();
      asked = { path: pathname, from: current, qs };
      const href = qs ? `${pathname}?${qs}` : pathname;
      // Search as you type replaces: a word typed must not leave one history entry per pause.
      startTransition(() => (how.replace ? router.replace(href, { scroll: false }) : router.push(href, { scroll: false })));
    },
    [current, pathname, router],
  );
  const value = (key: string): string | null => params.get(key);
  return { apply, pending, value };
}
