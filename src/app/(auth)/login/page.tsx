import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { LoginForm, type LoginNotice } from "@/components/auth/login-form";
import { getSessionUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { getAppInfo } from "@/server/services/settings";
import { oneParam, type SearchParams } from "@/app/search-params";

const NOTICES: LoginNotice[] = ["registered", "verified", "reset", "email_changed", "signed_out"];

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("login.title") };
}

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  if (await getSessionUser()) redirect("/");
  const [sp, info] = await Promise.all([searchParams, getAppInfo(getDb())]);
  const n = oneParam(sp.notice);
  return (
    <LoginForm
      captchaSiteKey={info.captcha.provider === "turnstile" ? info.captcha.siteKey : null}
      registrationOpen={info.registration.open}
      notice={NOTICES.find((x) => x === n) ?? null}
      initialEmail={oneParam(sp.email)?.slice(0, 254) ?? ""}
    />
  );
}
