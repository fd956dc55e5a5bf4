// Write to support without signing in (issue 24 item 10). With ?token= it is the mailed link's page
// (confirm to send the message); otherwise the form. A signed-in person is sent to the ticket page's
// form instead, and without mail the configured contact is the only way, so no form is shown.
import { Alert, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { oneParam, type SearchParams } from "@/app/search-params";
import { siteInfo } from "@/app/site-info";
import { ContactConfirm } from "@/components/support-contact/contact-confirm";
import { ContactForm } from "@/components/support-contact/contact-form";
import { AnchorLink, ButtonLink } from "@/components/links";
import { SupportContact } from "@/components/site/support-contact";
import { getSessionUser } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  // The confirmation address carries a token: keep it out of Referer headers.
  return { title: (await getTranslations("contact"))("title"), referrer: "no-referrer", robots: { index: false, follow: false } };
}

export default async function SupportContactPage({ searchParams }: { searchParams: SearchParams }) {
  const [sp, info, user, t, ta] = await Promise.all([searchParams, siteInfo(), getSessionUser(), getTranslations("contact"), getTranslations("auth")]);
  const token = oneParam(sp.token)?.trim().slice(0, 200);
  return (
    <Stack gap="md" data-testid="support-contact-page">
      <Title order={2} size="h3">
        {token ? t("confirmTitle") : t("title")}
      </Title>
      {token ? (
        <ContactConfirm token={token} registrationOpen={info.registration.open} />
      ) : user ? (
        <Alert variant="light" color="blue" data-testid="contact-signed-in">
          <Text size="sm">{t("signedIn")}</Text>
          <ButtonLink href="/tickets/new" size="compact-sm" variant="light" mt="xs">
            {t("openTicket")}
          </ButtonLink>
        </Alert>
      ) : info.mailEnabled ? (
        <>
          <Text size="sm" c="dimmed">
            {t("intro")}
          </Text>
          <SupportContact offerForm={false} c="dimmed" />
          <ContactForm captchaSiteKey={info.captcha.provider === "turnstile" ? info.captcha.siteKey : null} />
        </>
      ) : (
        <Alert variant="light" color="yellow" data-testid="contact-mail-off">
          <Text size="sm">{info.site.supportContact ? t("mailOff") : t("noWay")}</Text>
          <SupportContact offerForm={false} mt={4} />
        </Alert>
      )}
      <AnchorLink href="/login" size="sm" ta="center">
        {ta("backToLogin")}
      </AnchorLink>
    </Stack>
  );
}
