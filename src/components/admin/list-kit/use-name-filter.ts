"use client";
import { useSearchParams } from "next/navigation";

/**
 * The short lists that arrive whole (promotions, streaming services) filter in the browser, by the
 * same `q` in the URL the other lists send to the server, so every list searches the same way.
 */
export function useNameFilter<T extends { name: string }>(rows: T[]): T[] {
  const q = (useSearchParams().get("q") ?? "").trim().toLocaleLowerCase();
  return q ? rows.filter((r) => r.name.toLocaleLowerCase().includes(q)) : rows;
}
