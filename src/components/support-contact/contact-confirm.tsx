"use client";
// The link from the contact mail. The message is sent by a click, not by opening the page: mail
// scanners that fetch every link must not send it for the person.
import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { confirmSupportContactAction } from "@/app/(auth)/support/contact/actions";
import type { ContactOutcome } from "@/server/services/support/contact-request";
import { FormError } from "../forms/form-error";
import { networkError, useErrorText } from "../forms/server-error";
import { AnchorLink } from "../links";
import { SupportContact } from "../site/support-contact";
import { useSiteInfo } from "../site/site-info";

export function ContactConfirm({ token, registrationOpen }: { token: string; registrationOpen: boolean }) {
  const t = useTranslations("contact");
  const { messageOf } = useErrorText();
  const { supportContact } = useSiteInfo();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ContactOutcome | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const r = await confirmSupportContactAction(token).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (r.ok) setDone(r.data);
    else setError(messageOf(r.error));
  };

  if (done?.outcome === "ticket") {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="contact-ticket-opened">
        <Text size="sm">{t("doneTicket")}</Text>
        <AnchorLink href={`/tickets/${done.ticketId}`} size="sm" data-testid="contact-ticket-link">
          {t("viewTicket")}
        </AnchorLink>
      </Alert>
    );
  }
  if (done?.outcome === "no_account") {
    return (
      <Alert color="yellow" variant="light" data-testid="contact-no-account">
        <Text size="sm">{t("doneNoAccount")}</Text>
        {supportContact ? <SupportContact mt={4} offerForm={false} /> : null}
        {!supportContact && registrationOpen ? (
          <AnchorLink href="/register" size="sm">
            {t("register")}
          </AnchorLink>
        ) : null}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("confirmHint")}
      </Text>
      <FormError>{error}</FormError>
      <Button onClick={confirm} loading={busy} data-testid="contact-confirm">
        {t("confirmButton")}
      </Button>
    </Stack>
  );
}
