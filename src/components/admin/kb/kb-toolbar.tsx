"use client";
// Search as you type (title or address) and the category and language filters of the admin article
// list, kept in the URL (the list kit); any change starts again at page 1.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ListToolbar } from "../list-kit";
import { useKbWords } from "./kb-words";

export function KbToolbar({ categories, children }: { categories: { slug: string; name: string }[]; children?: ReactNode }) {
  const t = useTranslations("kb.admin");
  const { languages } = useKbWords();
  return (
    <ListToolbar
      search={{ label: t("searchLabel"), placeholder: t("searchLabel"), testId: "kb-admin-search" }}
      filters={[
        { param: "category", label: t("filterCategory"), placeholder: t("allCategories"), data: categories.map((c) => ({ value: c.slug, label: c.name })), testId: "kb-admin-category-filter", width: 180 },
        { param: "locale", label: t("filterLanguage"), placeholder: t("allLanguages"), data: languages, testId: "kb-admin-locale-filter", width: 150 },
      ]}
    >
      {children}
    </ListToolbar>
  );
}
