"use client";
// The words the admin knowledge base pages share: a language's name (never its code on a page).
import { useTranslations } from "next-intl";
import { KB_LOCALES, type KbLocale } from "@/server/db/schema/kb-kinds";

export function useKbWords() {
  const t = useTranslations("kb");
  return { language: (l: KbLocale) => t(`languageName.${l}`), languages: KB_LOCALES.map((l) => ({ value: l, label: t(`languageName.${l}`) })) };
}
