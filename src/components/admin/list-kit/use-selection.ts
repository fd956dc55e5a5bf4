"use client";
import { useState } from "react";

/**
 * Rows chosen for a batch operation. Only rows on this page count: a refreshed or filtered page
 * drops ids that left it, so a batch never touches a row the admin no longer sees.
 */
export function useSelection(ids: string[]) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const onPage = new Set(ids);
  const chosen = [...selected].filter((id) => onPage.has(id));
  const all = ids.length > 0 && chosen.length === ids.length;
  return {
    chosen,
    /** How many rows can be chosen at all. */
    size: ids.length,
    all,
    some: chosen.length > 0 && !all,
    has: (id: string) => selected.has(id),
    toggle: (id: string, on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    toggleAll: () => setSelected(all ? new Set() : new Set(ids)),
    clear: () => setSelected(new Set()),
  };
}

export type Selection = ReturnType<typeof useSelection>;
