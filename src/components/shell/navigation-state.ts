"use client";
// The client navigation in flight, if any: set by a link click (NavigationProgress), cleared when
// the URL has changed. A module-level store because the bar (which must sit under a Suspense
// boundary for useSearchParams) and the main area's skeleton are siblings in the frame.
import { useSyncExternalStore } from "react";

export interface PendingNavigation {
  /** The URL (pathname?search) the click happened on. */
  from: string;
  /** The pathname the click leads to: it picks the skeleton's shape. */
  to: string;
  startedAt: number;
}

let current: PendingNavigation | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const navigationState = {
  start(from: string, to: string) {
    current = { from, to, startedAt: Date.now() };
    emit();
  },
  end() {
    if (current === null) return;
    current = null;
    emit();
  },
  get: () => current,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export const usePendingNavigation = () => useSyncExternalStore(navigationState.subscribe, navigationState.get, () => null);
