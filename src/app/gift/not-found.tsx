import type { Metadata } from "next";
import { Stack, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("gifts.page"))("notFoundTitle") };
}

/** An unknown gift code (or a replaced one: a resend voids the older link), drawn in the gift card. */
export default async function GiftNotFound() {
  const t = await getTranslations("gifts.page");
  return (
    <Stack gap="sm" data-testid="gift-not-found">
      <Title order={2} size="h3">
        {t("notFoundTitle")}
      </Title>
      <Text c="dimmed">{t("notFoundBody")}</Text>
      <ButtonLink href="/" variant="light" data-testid="gift-home">
        {t("home")}
      </ButtonLink>
    </Stack>
  );
}
