"use client";
import { KeysetFooter } from "../list-kit";

export function LogPager({ rowCount, newestHref, newerHref, olderHref }: { rowCount: number; newestHref: string | null; newerHref: string | null; olderHref: string | null }) {
  return <KeysetFooter rowCount={rowCount} hrefs={{ newestHref, newerHref, olderHref }} testIdPrefix="log" />;
}
