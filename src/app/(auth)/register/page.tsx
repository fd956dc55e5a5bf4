import { Alert, Stack, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { RegisterForm } from "@/components/auth/register-form";
import { safeRedirectPath } from "@/server/auth/safe-redirect";
import { getSessionUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { getAppInfo } from "@/server/services/settings";
import { oneParam, type SearchParams } from "@/app/search-params";
import { AnchorLink } from "@/components/links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("register.title") };
}

export default async function RegisterPage({ searchParams }: { searchParams: SearchParams }) {
  const [sp, info, t] = await Promise.all([searchParams, getAppInfo(getDb()), getTranslations("auth")]);
  // Where the visitor was going ("Register to buy" on a plan: its buy dialog), same-site paths only.
  const next = safeRedirectPath(oneParam(sp.next));
  if (await getSessionUser()) redirect(next ?? "/");
  if (!info.registration.open) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("register.title")}
        </Title>
        <Alert color="yellow" variant="light" data-testid="registration-closed">
          {t("register.closed")}
        </Alert>
        <AnchorLink href={next ? `/login?next=${encodeURIComponent(next)}` : "/login"}>
          {t("backToLogin")}
        </AnchorLink>
      </Stack>
    );
  }
  return (
    <RegisterForm
      inviteCodeRequired={info.registration.inviteCodeRequired}
      captchaSiteKey={info.captcha.provider === "turnstile" ? info.captcha.siteKey : null}
      initialInvite={oneParam(sp.invite)?.slice(0, 64) ?? ""}
      next={next}
    />
  );
}
