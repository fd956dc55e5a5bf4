import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { oneParam, type SearchParams } from "@/app/search-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("reset.title") };
}

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  return <ResetPasswordForm token={oneParam(sp.token)?.slice(0, 200) || null} />;
}
