"use client";
import { Pagination } from "@mantine/core";
import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/**
 * Pagination kept in one URL parameter of its own, so two lists on one page page independently
 * (the wallet page: `rpage` for recharges, `page` for the ledger). Other parameters are kept.
 */
export function ParamPagination({ param, total, page, testId }: { param: string; total: number; page: number; testId: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const t = useTranslations("chrome");
  if (total <= 1) return null;
  const go = (p: number) => {
    const next = new URLSearchParams(params.toString());
    if (p <= 1) next.delete(param);
    else next.set(param, String(p));
    const qs = next.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  };
  const controlLabel = (c: string) => (c === "previous" ? { "aria-label": t("previousPage") } : c === "next" ? { "aria-label": t("nextPage") } : {});
  return <Pagination total={total} value={Math.min(page, total)} onChange={go} size="sm" siblings={1} boundaries={1} getControlProps={controlLabel} data-testid={testId} />;
}
