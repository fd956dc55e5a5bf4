"use client";
// On a light page (src/i18n/light-pages.ts) the layout sends only the messages the page renders at
// first; this loads the whole catalogue of the page's language right after, so dialogs, error texts
// and the next pages of a client-side navigation have their words. Until it arrives (or if it never
// does) the first part keeps serving what is on screen.
import { NextIntlClientProvider, useLocale, useMessages, useTimeZone, type AbstractIntlMessages } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";

export function FullMessages({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const first = useMessages();
  const [full, setFull] = useState<{ locale: string; messages: AbstractIntlMessages } | null>(null);
  useEffect(() => {
    let gone = false;
    fetch(`/intl-messages/${encodeURIComponent(locale)}`, { credentials: "omit" })
      .then((r) => (r.ok ? (r.json() as Promise<AbstractIntlMessages>) : null))
      .then((messages) => !gone && messages && setFull({ locale, messages }))
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [locale]);
  const messages = full?.locale === locale ? full.messages : first;
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
