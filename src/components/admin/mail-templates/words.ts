"use client";
// The UI words of a template id or language code (message keys are camelCase).
import { useTranslations } from "next-intl";

const KEYS = { "verify-email": "verifyEmail", "reset-password": "resetPassword", "change-email": "changeEmail", "support-contact": "supportContact", receipt: "receipt", notification: "notification", "daily-digest": "dailyDigest", test: "test", gift: "gift", "staff-invite": "staffInvite" } as const;
type TemplateId = keyof typeof KEYS;
type PlaceholderName = "site" | "link" | "minutes" | "time" | "orderNo" | "amount" | "title" | "body" | "sender" | "plan" | "role";

export function useTemplateWords() {
  const t = useTranslations("mailTemplates");
  return {
    name: (id: string) => (id in KEYS ? t(`templates.${KEYS[id as TemplateId]}.name`) : id),
    description: (id: string) => (id in KEYS ? t(`templates.${KEYS[id as TemplateId]}.description`) : ""),
    language: (locale: string) => (locale === "en" ? t("localeEn") : t("localeZh")),
    placeholder: (name: string) => t(`placeholders.${name as PlaceholderName}`),
  };
}
