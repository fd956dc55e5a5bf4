import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { LoginForm, type LoginNotice } from "@/components/auth/login-form";
import { CALLBACK_PARAM, safeRedirectPath } from "@/server/auth/safe-redirect";
import { getSessionUser } from "@/server/auth/session";
import { relyingPartyOf } from "@/server/services/passkeys/relying-party";
import { siteInfo } from "@/app/site-info";
import { oneParam, type SearchParams } from "@/app/search-params";

const NOTICES: LoginNotice[] = ["registered", "verified", "reset", "email_changed", "signed_out", "signed_out_everywhere"];

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("login.title") };
}

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const [sp, info] = await Promise.all([searchParams, siteInfo()]);
  // `callbackUrl` from the guards; `next` from registration and the verification link.
  const callbackUrl = safeRedirectPath(oneParam(sp[CALLBACK_PARAM])) ?? safeRedirectPath(oneParam(sp.next));
  if (await getSessionUser()) redirect(callbackUrl ?? "/");
  const n = oneParam(sp.notice);
  return (
    <LoginForm
      captchaSiteKey={info.captcha.provider === "turnstile" ? info.captcha.siteKey : null}
      registrationOpen={info.registration.open}
      notice={NOTICES.find((x) => x === n) ?? null}
      initialEmail={oneParam(sp.email)?.slice(0, 254) ?? ""}
      callbackUrl={callbackUrl}
      passkeys={relyingPartyOf(info.site.url, info.siteName) !== null}
    />
  );
}
