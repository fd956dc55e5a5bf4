import { Card, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { ButtonLink } from "@/components/links";
import { SiteFrame } from "@/components/site/site-frame";
import { PlanCard } from "@/components/store/plan-card";
import { getSessionUser, requestCtx } from "@/server/auth/session";
import { listStorePlans } from "@/server/services/catalog";
import { siteInfo } from "./site-info";
import { storeCurrency } from "./store-currency";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await siteInfo()).siteName };
}

/**
 * The public storefront: visitors see the site, the plans for sale and the way in. Signed-in users
 * go to their dashboard, admins to the admin dashboard.
 */
export default async function Root() {
  const u = await getSessionUser();
  if (u) redirect(u.role === "ADMIN" ? "/admin" : "/dashboard");
  // No session: an anonymous context, which listStorePlans serves (what is for sale is public).
  const ctx = await requestCtx();
  const [info, plans, currency, t, tk] = await Promise.all([siteInfo(), listStorePlans(ctx), storeCurrency(), getTranslations("store.storefront"), getTranslations("kb")]);
  const canRegister = info.registration.open;
  const ways = (at: "hero" | "cta") => (
    <Group gap="sm" justify="center">
      {canRegister ? (
        <ButtonLink href="/register" size="md" data-testid={at === "hero" ? "storefront-sign-up" : "storefront-cta-sign-up"}>
          {t("signUp")}
        </ButtonLink>
      ) : null}
      <ButtonLink href="/login" size="md" variant={canRegister ? "default" : "filled"} data-testid={at === "hero" ? "storefront-log-in" : "storefront-cta-log-in"}>
        {t("logIn")}
      </ButtonLink>
      {at === "hero" ? (
        <ButtonLink href="/kb" size="md" variant="subtle" data-testid="storefront-help">
          {tk("title")}
        </ButtonLink>
      ) : null}
    </Group>
  );
  return (
    <SiteFrame siteName={info.siteName}>
      <Container size="lg" px="md" py={{ base: "lg", sm: 48 }} data-testid="storefront">
        <Stack gap="xl">
          <Stack gap="sm" align="center" ta="center">
            <Title order={1} fz={{ base: 30, sm: 44 }} style={{ overflowWrap: "anywhere" }} data-testid="storefront-site-name">
              {info.siteName}
            </Title>
            <Text c="dimmed" size="lg" maw={620}>
              {t("tagline")}
            </Text>
            {ways("hero")}
          </Stack>
          {plans.length > 0 ? (
            <Stack gap="md">
              <Title order={2} size="h3">
                {t("plansTitle")}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="storefront-plans">
                {plans.map((p) => (
                  <PlanCard key={p.id} plan={p} currency={currency} visitor />
                ))}
              </SimpleGrid>
            </Stack>
          ) : (
            <Text c="dimmed" ta="center" data-testid="storefront-no-plans">
              {t("noPlans")}
            </Text>
          )}
          <Card withBorder padding="lg" radius="md">
            <Stack gap="xs" align="center" ta="center">
              <Title order={2} size="h4">
                {t("ctaTitle")}
              </Title>
              <Text size="sm" c="dimmed">
                {t("ctaBody")}
              </Text>
              {ways("cta")}
            </Stack>
          </Card>
        </Stack>
      </Container>
    </SiteFrame>
  );
}
