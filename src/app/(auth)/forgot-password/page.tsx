import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requestPasswordResetAction } from "../actions";
import { EmailRequestForm } from "@/components/auth/email-request-form";
import { AnchorLink } from "@/components/links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("forgot.title") };
}

export default async function ForgotPasswordPage() {
  const t = await getTranslations("auth");
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t("forgot.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("forgot.hint")}
      </Text>
      <EmailRequestForm action={requestPasswordResetAction} submitLabel={t("forgot.submit")} sentMessage={t("forgot.sent")} />
      <AnchorLink href="/login" size="sm" ta="center">
        {t("backToLogin")}
      </AnchorLink>
    </Stack>
  );
}
