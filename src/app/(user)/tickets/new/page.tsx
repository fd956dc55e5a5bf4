import { Alert, Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AnchorLink } from "@/components/links";
import { PageHeading } from "@/components/shell/page-heading";
import { NewTicketForm } from "@/components/tickets/new-ticket-form";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getSettingsWithSecrets } from "@/server/services/settings";
import { listMyTickets } from "@/server/services/support";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("tickets"))("newTitle") };
}

export default async function NewTicketPage() {
  await requireUserPage();
  const ctx = await requestCtx();
  // Only the cap (a number) leaves the server; the service decides again when the ticket is sent.
  const [open, settings, t] = await Promise.all([listMyTickets(ctx, { status: "ACTIVE", pageSize: 1 }), getSettingsWithSecrets(ctx.db), getTranslations("tickets")]);
  const atCap = open.total >= settings.ticketOpenCap;
  return (
    <Stack gap="md">
      <AnchorLink href="/tickets" size="sm">
        ← {t("back")}
      </AnchorLink>
      <PageHeading title={t("newTitle")} subtitle={t("newSubtitle")} />
      {atCap ? (
        <Alert color="yellow" variant="light" data-testid="ticket-cap-warning">
          {t("capWarning", { open: open.total, limit: settings.ticketOpenCap })}
        </Alert>
      ) : null}
      <NewTicketForm />
    </Stack>
  );
}
