"use client";
import { Pagination } from "@mantine/core";
import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/** Pagination that lives in the URL (?page=), so server-rendered lists stay shareable. */
export function UrlPagination({ total, page }: { total: number; page: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const t = useTranslations("chrome");
  if (total <= 1) return null;
  const go = (p: number) => {
    const next = new URLSearchParams(params.toString());
    if (p <= 1) next.delete("page");
    else next.set("page", String(p));
    const qs = next.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname);
  };
  // The arrow controls are icons only: name them, or a screen reader announces "button".
  const controlLabel = (c: string) => (c === "previous" ? { "aria-label": t("previousPage") } : c === "next" ? { "aria-label": t("nextPage") } : {});
  return <Pagination total={total} value={page} onChange={go} size="sm" siblings={1} boundaries={1} getControlProps={controlLabel} data-testid="pagination" />;
}
