"use client";
// A role in words: a built-in role's name (and what it is for) in the reader's language; a custom
// role is shown as it is named.
import { useTranslations } from "next-intl";
import { isBuiltInRole } from "@/server/auth/permissions";

export function useRoleWords() {
  const t = useTranslations("adminStaff");
  return {
    name: (role: string) => (isBuiltInRole(role) ? t(`roleNames.${role}`) : role),
    hint: (role: string) => (isBuiltInRole(role) ? t(`roleHints.${role}`) : ""),
  };
}
