import { Alert, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requestPasswordResetAction } from "../actions";
import { EmailRequestForm } from "@/components/auth/email-request-form";
import { AnchorLink } from "@/components/links";
import { SupportContact } from "@/components/site/support-contact";
import { siteInfo } from "@/app/site-info";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("forgot.title") };
}

export default async function ForgotPasswordPage() {
  const [t, ts, info] = await Promise.all([getTranslations("auth"), getTranslations("support"), siteInfo()]);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t("forgot.title")}
      </Title>
      {info.mailEnabled ? (
        <>
          <Text size="sm" c="dimmed">
            {t("forgot.hint")}
          </Text>
          <EmailRequestForm action={requestPasswordResetAction} submitLabel={t("forgot.submit")} sentMessage={t("forgot.sent")} />
        </>
      ) : (
        // No form that could only fail: say why, and whom to ask instead.
        <Alert color="yellow" variant="light" title={ts("forgotMailOffTitle")} data-testid="mail-off">
          <Text size="sm">{ts("forgotMailOff")}</Text>
          <SupportContact mt={4} />
        </Alert>
      )}
      <AnchorLink href="/login" size="sm" ta="center">
        {t("backToLogin")}
      </AnchorLink>
    </Stack>
  );
}
