"use client";
// The bell's unread count kept true without a reload. Polling, not server-sent events: several app
// instances run behind nginx and the database is the only place that knows every new row, so each
// poll is one session check and one indexed count (GET /api/notifications/unread), answered 304
// while nothing changed. One poller per tab: a module-level store that every reader of the count
// shares; it runs while something reads it and the tab is visible, asks at once when the tab comes
// back or the page changes, and stops on 401 (signed out) until the tab is shown again.
import { usePathname } from "next/navigation";
import { useEffect, useRef, useSyncExternalStore } from "react";

export const POLL_MS = 10_000;
const URL_ = "/api/notifications/unread";

let count: number | null = null;
let etag: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight = false;
/** Asked again while a poll was out: that answer may predate the change, so one more follows. */
let again = false;
let stopped = false;
const listeners = new Set<() => void>();

function set(n: number) {
  if (n === count) return;
  count = n;
  listeners.forEach((l) => l());
}

const visible = () => document.visibilityState !== "hidden";

function schedule() {
  clearTimeout(timer);
  timer = undefined;
  if (listeners.size > 0 && visible() && !stopped) timer = setTimeout(() => void poll(), POLL_MS);
}

async function poll() {
  if (inFlight) {
    again = true;
    return;
  }
  if (stopped || !visible() || listeners.size === 0) return;
  inFlight = true;
  try {
    const r = await fetch(URL_, { cache: "no-store", headers: etag ? { "If-None-Match": etag } : {} });
    if (r.status === 401) stopped = true;
    else if (r.ok) {
      const body = (await r.json()) as { unread: number };
      etag = r.headers.get("etag");
      set(body.unread);
    }
  } catch {
    // Offline or the server restarting: the next tick asks again.
  } finally {
    inFlight = false;
    if (again) {
      again = false;
      void poll();
    } else schedule();
  }
}

function onVisibility() {
  if (visible()) {
    stopped = false;
    void poll();
  } else schedule(); // clears the timer
}

export const unreadLive = {
  subscribe(l: () => void) {
    listeners.add(l);
    if (listeners.size === 1) {
      document.addEventListener("visibilitychange", onVisibility);
      schedule();
    }
    return () => {
      listeners.delete(l);
      if (listeners.size === 0) {
        document.removeEventListener("visibilitychange", onVisibility);
        schedule();
      }
    };
  },
  /** A count the server just rendered: newer than the last poll, so it wins and the next poll asks without a tag. */
  seed(n: number) {
    etag = null;
    stopped = false; // rendered for a signed-in reader
    schedule();
    set(n);
  },
  /** Ask now (after the reader changed something, or moved to another page). */
  poke: () => void poll(),
  get: () => count,
};

/**
 * The live unread count, starting from the one the layout rendered. Call it once per shell: it
 * also asks again whenever the page changes (a page can read notifications as it opens).
 */
export function useUnreadCount(rendered: number): number {
  const pathname = usePathname();
  const shownAt = useRef(pathname);
  useEffect(() => unreadLive.seed(rendered), [rendered]);
  useEffect(() => {
    // Not on the first page: the layout has just counted.
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    unreadLive.poke();
  }, [pathname]);
  return useSyncExternalStore(unreadLive.subscribe, () => unreadLive.get() ?? rendered, () => rendered);
}
