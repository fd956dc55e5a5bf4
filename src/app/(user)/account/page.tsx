import { SimpleGrid, Stack, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmailCard } from "@/components/account/email-card";
import { InviteCard } from "@/components/account/invite-card";
import { PasswordCard } from "@/components/account/password-card";
import { ProfileCard } from "@/components/account/profile-card";
import { SessionsCard } from "@/components/account/sessions-card";
import { TelegramCard } from "@/components/account/telegram-card";
import { TwoFactorCard } from "@/components/account/two-factor-card";
import { RequiredNote } from "@/components/forms/required-note";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getOwnAccount, getTwoFactorStatus, listMySessions } from "@/server/services/accounts";
import { getAppInfo } from "@/server/services/settings";
import { getTelegramBinding } from "@/server/services/telegram";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("account") };
}

export default async function AccountPage() {
  await requireUserPage();
  const ctx = await requestCtx();
  const [user, info, t, twoFactor, sessions, telegram] = await Promise.all([getOwnAccount(ctx), getAppInfo(ctx.db), getTranslations("account"), getTwoFactorStatus(ctx), listMySessions(ctx), getTelegramBinding(ctx)]);
  // An administrator who must enrol first (require2faForAdmins) is sent here: that card leads.
  const twoFactorCard = <TwoFactorCard key="2fa" {...twoFactor} account={user.email} siteName={info.siteName} />;
  const mustEnrol = twoFactor.requiredForMe && !twoFactor.enabled;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{t("title")}</Title>
      <RequiredNote mt={-8} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {mustEnrol ? twoFactorCard : null}
        <ProfileCard name={user.name} locale={user.locale} />
        <InviteCard inviteCode={user.inviteCode} siteUrl={info.site.url} />
        <PasswordCard email={user.email} />
        <EmailCard email={user.email} />
        {mustEnrol ? null : twoFactorCard}
        <SessionsCard sessions={sessions} />
        {/* Shown only while the Telegram bot is configured. */}
        {telegram.configured ? <TelegramCard binding={telegram.binding} /> : null}
      </SimpleGrid>
    </Stack>
  );
}
