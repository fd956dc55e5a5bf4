"use client";
import { Pagination } from "@mantine/core";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/** Pagination that lives in the URL (?page=), so server-rendered lists stay shareable. */
export function UrlPagination({ total, page }: { total: number; page: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  if (total <= 1) return null;
  const go = (p: number) => {
    const next = new URLSearchParams(params.toString());
    if (p <= 1) next.delete("page");
    else next.set("page", String(p));
    const qs = next.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname);
  };
  return <Pagination total={total} value={page} onChange={go} size="sm" siblings={1} boundaries={1} data-testid="pagination" />;
}
