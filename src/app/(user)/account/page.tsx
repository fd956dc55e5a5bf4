import { SimpleGrid, Stack, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmailCard } from "@/components/account/email-card";
import { InviteCard } from "@/components/account/invite-card";
import { PasskeysCard, type PasskeySetup } from "@/components/account/passkeys-card";
import { PasswordCard } from "@/components/account/password-card";
import { ProfileCard } from "@/components/account/profile-card";
import { SessionsCard } from "@/components/account/sessions-card";
import { TelegramCard } from "@/components/account/telegram-card";
import { TwoFactorCard } from "@/components/account/two-factor-card";
import { RequiredNote } from "@/components/forms/required-note";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getOwnAccount, getTwoFactorStatus, listMySessions } from "@/server/services/accounts";
import { listMyPasskeys } from "@/server/services/passkeys";
import { relyingPartyOf } from "@/server/services/passkeys/relying-party";
import { getAppInfo } from "@/server/services/settings";
import { getTelegramBinding } from "@/server/services/telegram";
import { oneParam, type SearchParams } from "@/app/search-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("account") };
}

export default async function AccountPage({ searchParams }: { searchParams: SearchParams }) {
  await requireUserPage();
  const ctx = await requestCtx();
  const [sp, user, info, t, twoFactor, sessions, telegram, passkeys] = await Promise.all([
    searchParams,
    getOwnAccount(ctx),
    getAppInfo(ctx.db),
    getTranslations("account"),
    getTwoFactorStatus(ctx),
    listMySessions(ctx),
    getTelegramBinding(ctx),
    listMyPasskeys(ctx),
  ]);
  // Staff who must enrol a second factor first (require2faForAdmins, or invited with a role) are sent
  // here: the two-factor card leads, and the passkeys card beside it says a passkey counts too.
  const mustEnrol = twoFactor.requiredForMe && !twoFactor.enabled && twoFactor.passkeys === 0;
  const twoFactorCard = <TwoFactorCard key="2fa" {...twoFactor} requiredForMe={twoFactor.requiredForMe && twoFactor.passkeys === 0} account={user.email} siteName={info.siteName} />;
  // Staff who must sign in with a passkey (?setup=passkey): the passkeys card leads.
  const asked = oneParam(sp.setup);
  const setup: PasskeySetup = asked === "passkey" ? "passkey" : asked === "2fa" || mustEnrol ? "2fa" : null;
  const passkeysCard = (
    <PasskeysCard key="passkeys" {...passkeys} available={relyingPartyOf(info.site.url, info.siteName) !== null} setup={setup} account={user.email} siteName={info.siteName} />
  );
  const passkeysFirst = setup === "passkey";
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{t("title")}</Title>
      <RequiredNote mt={-8} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {passkeysFirst ? passkeysCard : null}
        {mustEnrol ? twoFactorCard : null}
        {mustEnrol && !passkeysFirst ? passkeysCard : null}
        <ProfileCard name={user.name} locale={user.locale} />
        <InviteCard inviteCode={user.inviteCode} siteUrl={info.site.url} />
        <PasswordCard email={user.email} />
        <EmailCard email={user.email} />
        {mustEnrol ? null : twoFactorCard}
        {passkeysFirst || mustEnrol ? null : passkeysCard}
        <SessionsCard sessions={sessions} />
        {/* Shown only while the Telegram bot is configured. */}
        {telegram.configured ? <TelegramCard binding={telegram.binding} /> : null}
      </SimpleGrid>
    </Stack>
  );
}
