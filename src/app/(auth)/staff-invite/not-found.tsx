import type { Metadata } from "next";
import { Stack, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("staffInvite"))("notFoundTitle") };
}

/** A used, revoked, expired or unknown invitation link, drawn in the sign-in card. */
export default async function StaffInviteNotFound() {
  const t = await getTranslations("staffInvite");
  return (
    <Stack gap="sm" data-testid="staff-invite-not-found">
      <Title order={2} size="h3">
        {t("notFoundTitle")}
      </Title>
      <Text c="dimmed">{t("notFoundBody")}</Text>
      <ButtonLink href="/" variant="light">
        {t("home")}
      </ButtonLink>
    </Stack>
  );
}
