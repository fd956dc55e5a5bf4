"use client";
// [wallet] Card search and filters, kept in the URL; any change starts again at page 1. A batch
// filter (set from a row's batch) shows as a chip that clears it.
import { Button } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { ListToolbar, useUrlFilters } from "../list-kit";

export const CARD_KIND_CODES = ["BALANCE", "PLAN"] as const;
export const CARD_STATUS_CODES = ["UNUSED", "USED", "EXPIRED"] as const;

export interface CardFilters { q: string; status: string | null; kind: string | null; batch: string | null }

/** The list's address with these filters (page 1). */
export function cardsHref(pathname: string, f: CardFilters): string {
  const params = new URLSearchParams();
  if (f.q?.trim()) params.set("q", f.q.trim());
  if (f.status) params.set("status", f.status);
  if (f.kind) params.set("kind", f.kind);
  if (f.batch) params.set("batch", f.batch);
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

export function CardsToolbar({ batch }: { batch: string | null }) {
  const t = useTranslations("cards");
  const { apply } = useUrlFilters();
  return (
    <ListToolbar
      search={{ label: t("search"), placeholder: t("searchPlaceholder"), testId: "cards-search" }}
      filters={[
        { param: "status", label: t("status"), placeholder: t("allStatuses"), data: CARD_STATUS_CODES.map((s) => ({ value: s, label: t(`statuses.${s}`) })), testId: "cards-status-filter", width: 160 },
        { param: "kind", label: t("kind"), placeholder: t("allKinds"), data: CARD_KIND_CODES.map((k) => ({ value: k, label: t(`kinds.${k}`) })), testId: "cards-kind-filter", width: 160 },
      ]}
    >
      {batch ? (
        <Button variant="light" size="sm" rightSection={<IconX size={14} />} onClick={() => apply({ batch: null })} aria-label={t("clearBatch")} data-testid="cards-batch-filter">
          {t("batchFilter", { batch: batch.slice(0, 8) })}
        </Button>
      ) : null}
    </ListToolbar>
  );
}
