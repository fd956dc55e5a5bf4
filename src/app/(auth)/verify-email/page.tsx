import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VerifyEmailView } from "@/components/auth/verify-email-view";
import { safeRedirectPath } from "@/server/auth/safe-redirect";
import { oneParam, type SearchParams } from "@/app/search-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("verify.title") };
}

export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  return <VerifyEmailView token={oneParam(sp.token)?.slice(0, 200) || null} email={oneParam(sp.email)?.slice(0, 254) ?? ""} next={safeRedirectPath(oneParam(sp.next))} />;
}
