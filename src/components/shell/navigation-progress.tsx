"use client";
// A thin bar across the top while a client navigation is in flight. Next's router keeps the old
// page on screen until the new one has arrived, so without it a click on a slow page looks
// ignored. It starts on any same-origin link click that changes the URL and ends when the URL has
// changed (or, if the navigation never lands, after GIVE_UP_MS).
import { Progress } from "@mantine/core";
import { useTranslations } from "next-intl";
import { usePathname, useSearchParams } from "next/navigation";
import { Suspense, useEffect, useState } from "react";
import { navigationState, usePendingNavigation } from "./navigation-state";

export const GIVE_UP_MS = 10_000;
const TICK_MS = 250;

/** The URL a plain left click on this event's link would open in this tab, if it is another page of ours. */
export function navigationTarget(e: Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "target">, here: Location | URL): URL | null {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const target = e.target as Element | null;
  const a = typeof target?.closest === "function" ? target.closest("a[href]") : null;
  if (!a || !(a instanceof HTMLAnchorElement)) return null;
  if ((a.target && a.target !== "_self") || a.hasAttribute("download")) return null;
  const to = new URL(a.href, here.href);
  if (to.origin !== here.origin) return null;
  // A hash on the same page is a scroll, not a navigation.
  if (to.pathname === here.pathname && to.search === here.search) return null;
  return to;
}

function Bar() {
  const t = useTranslations("chrome");
  const search = useSearchParams().toString();
  const here = `${usePathname()}?${search}`;
  const pending = usePendingNavigation();
  const [value, setValue] = useState(10);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const to = navigationTarget(e, window.location);
      if (!to) return;
      setValue(10);
      navigationState.start(here, to.pathname);
    };
    document.addEventListener("click", onClick);
    // Says "clicks are watched now" (the page has hydrated): browser tests wait for it before clicking.
    document.documentElement.setAttribute("data-nav-ready", "");
    return () => document.removeEventListener("click", onClick);
  }, [here]);

  // The URL changed: the navigation has landed.
  useEffect(() => {
    if (navigationState.get()?.from !== here) navigationState.end();
  }, [here]);

  const active = pending !== null;
  useEffect(() => {
    if (!active) return;
    // Creep towards 90 % without reaching it: the bar says "working", not a promise of time left.
    const tick = setInterval(() => setValue((v) => v + (90 - v) * 0.15), TICK_MS);
    const giveUp = setTimeout(() => navigationState.end(), GIVE_UP_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(giveUp);
    };
  }, [active]);

  if (!active) return null;
  return (
    <Progress
      value={value}
      size={3}
      radius={0}
      transitionDuration={TICK_MS}
      aria-label={t("navigating")}
      data-testid="nav-progress"
      style={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}

export function NavigationProgress() {
  // useSearchParams needs a Suspense boundary above it; the bar has nothing to show meanwhile.
  return (
    <Suspense fallback={null}>
      <Bar />
    </Suspense>
  );
}
