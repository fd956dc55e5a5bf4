"use client";
// A control repeated on every row (edit, delete, test, details) is named for its row as well, so a
// screen reader's list of buttons does not read "Delete, Delete, Delete": "Delete: alice@example.com".
// The action comes first, so the name still starts with what the control shows.
import { useTranslations } from "next-intl";

export function useRowName(): (action: string, row: string) => string {
  const t = useTranslations("live.names");
  return (action, row) => t("forRow", { action, row });
}
