"use client";
// "Set-up guide" beside a client app on the subscription pages: a plain link (those pages are kept
// light) to the app's help center article. Its words are sent with the light pages (kb.clientGuide).
import { useTranslations } from "next-intl";

export function ClientGuideLink({ slug, name, className, testId }: { slug: string; name: string; className?: string; testId?: string }) {
  const t = useTranslations("kb.clientGuide");
  return (
    <a className={className} href={`/kb/${slug}`} aria-label={t("label", { name })} data-testid={testId}>
      {t("link")}
    </a>
  );
}
