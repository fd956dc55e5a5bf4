import type { Metadata } from "next";
import { Alert } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { InviteAcceptCard } from "@/components/admin/staff/invite-accept-card";
import { siteInfo } from "@/app/site-info";
import { requestCtx } from "@/server/auth/session";
import type { Ctx } from "@/server/context";
import { isDomainError } from "@/server/errors";
import { localizeError } from "@/server/i18n/error-text";
import { getStaffInvite, type StaffInviteView } from "@/server/services/staff";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("staffInvite"))("title") };
}

/** The invitation, or the sentence of a refused guess (rate limited); an unknown or used link is the 404 page. */
async function load(ctx: Ctx, token: string): Promise<{ invite: StaffInviteView } | { refused: string }> {
  try {
    return { invite: await getStaffInvite(ctx, token) };
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") notFound();
    if (isDomainError(err) && err.code === "RATE_LIMITED") return { refused: localizeError({ code: err.code, message: err.message, details: err.details }, ctx.locale).message };
    throw err;
  }
}

/**
 * /staff-invite/<token>: the site, the address and the role; a new address chooses a name and a
 * password, an address with an account signs in to it (and comes back here) and accepts. The token
 * is redacted from logs (logger.ts); guesses are limited per IP (services/staff/accept-invite.ts).
 */
export default async function StaffInvitePage({ params }: { params: Promise<{ token: string }> }) {
  const [{ token }, ctx, info] = await Promise.all([params, requestCtx(), siteInfo()]);
  const loaded = await load(ctx, token);
  if ("refused" in loaded) {
    return (
      <Alert color="orange" variant="light" role="alert" data-testid="staff-invite-rate-limited">
        {loaded.refused}
      </Alert>
    );
  }
  const { invite } = loaded;
  return <InviteAcceptCard token={token} site={info.siteName} invite={{ ...invite, expiresAt: invite.expiresAt.toISOString() }} />;
}
