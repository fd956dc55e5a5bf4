import type { Metadata } from "next";
import { Alert } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { GiftCard } from "@/components/gifts/gift-card";
import { getSessionUser, requestCtx } from "@/server/auth/session";
import type { Ctx } from "@/server/context";
import { isDomainError } from "@/server/errors";
import { localizeError } from "@/server/i18n/error-text";
import { getGiftByCode, type GiftView } from "@/server/services/gifts";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("gifts.page"))("heading") };
}

/** The gift, or the sentence of a refused guess (rate limited); an unknown code is the 404 page. */
async function load(ctx: Ctx, code: string): Promise<{ gift: GiftView } | { refused: string }> {
  try {
    return { gift: await getGiftByCode(ctx, code) };
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") notFound();
    if (isDomainError(err) && err.code === "RATE_LIMITED") return { refused: localizeError({ code: err.code, message: err.message, details: err.details }, ctx.locale).message };
    throw err;
  }
}

/**
 * /gift/<code>: what the gift is and who sent it, for whoever holds the mailed link. Signed out it
 * leads to register or sign in and back here (`next=`); signed in it offers the claim. An unknown
 * code is a 404 (gift/not-found.tsx); guessing is rate limited per address (services/gifts/find.ts).
 */
export default async function GiftPage({ params }: { params: Promise<{ code: string }> }) {
  const [{ code }, ctx, user] = await Promise.all([params, requestCtx(), getSessionUser()]);
  const loaded = await load(ctx, code);
  if ("refused" in loaded) {
    return (
      <Alert color="orange" variant="light" role="alert" data-testid="gift-rate-limited">
        {loaded.refused}
      </Alert>
    );
  }
  const { gift } = loaded;
  return <GiftCard code={code} gift={{ ...gift, expiresAt: gift.expiresAt.toISOString() }} viewer={user ? { email: user.email } : null} />;
}
