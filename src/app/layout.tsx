import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/charts/styles.css";
import "./theme-variables.css";
import "./icons.css";
import { ColorSchemeScript, mantineHtmlProps } from "@mantine/core";
import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { FullMessages } from "@/components/site/full-messages";
import { SiteInfoProvider } from "@/components/site/site-info";
import { LIGHT_MESSAGES, lightPageOf, pickMessages } from "@/i18n/light-pages";
import { PATH_HEADER } from "@/server/http/request-meta";
import { NONCE_HEADER } from "@/server/http/security-headers";
import { siteInfo } from "./site-info";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: { default: "Relayboard", template: "%s · Relayboard" } };
export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, messages, h, info] = await Promise.all([getLocale(), getMessages(), headers(), siteInfo()]);
  // Set per request by the custom server (src/server/http/incoming.ts); the CSP allows only it.
  const nonce = h.get(NONCE_HEADER) ?? undefined;
  // A light page gets the messages it renders first and loads the rest in the browser (issue 24 item 11).
  const light = lightPageOf(h.get(PATH_HEADER) ?? "/");
  const body = (
    <SiteInfoProvider value={{ supportContact: info.site.supportContact, mailEnabled: info.mailEnabled }}>
      <Providers>{children}</Providers>
    </SiteInfoProvider>
  );
  return (
    <html lang={locale} {...mantineHtmlProps}>
      <head>
        <ColorSchemeScript defaultColorScheme="auto" nonce={nonce} />
      </head>
      <body>
        <NextIntlClientProvider locale={locale} messages={light ? pickMessages(messages, LIGHT_MESSAGES[light]) : messages}>
          {light ? <FullMessages>{body}</FullMessages> : body}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
