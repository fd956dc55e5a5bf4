"use client";
// The main area during a client navigation: after a short grace (so quick navigations do not
// flash), the new page's outline replaces the old page until the URL has changed. Done here on the
// client rather than with loading.tsx: a loading.tsx boundary also streams on every full page
// load, and React then keeps a hidden second copy of the page in the document until its batched
// reveal runs (up to 300 ms), which browser tests see as duplicate elements.
import { useEffect, useState, type ReactNode } from "react";
import { usePendingNavigation } from "./navigation-state";
import { PageSkeleton, type SkeletonKind } from "./page-skeleton";

const GRACE_MS = 150;

/** The outline that matches the page being opened. */
export function skeletonKindFor(pathname: string): SkeletonKind {
  if (/^\/(admin\/(users|nodes|plans|streaming|coupons|promotions|orders|tasks|subscriptions|traffic)|orders)\/?$/.test(pathname)) return "table";
  if (/^\/admin\/plans\/[^/]+\/?$/.test(pathname)) return "form";
  if (/^\/(admin\/settings|account)\/?$/.test(pathname)) return "form";
  return "cards";
}

export function PendingPage({ children }: { children: ReactNode }) {
  const pending = usePendingNavigation();
  // The start time of the navigation whose grace has run out.
  const [lateFor, setLateFor] = useState<number | null>(null);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setLateFor(pending.startedAt), GRACE_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  const show = pending !== null && lateFor === pending.startedAt;
  return (
    <>
      {show ? <PageSkeleton kind={skeletonKindFor(pending.to)} /> : null}
      {/* Hidden, not unmounted: if the navigation never lands, the page is back as it was. */}
      <div style={show ? { display: "none" } : undefined}>{children}</div>
    </>
  );
}
