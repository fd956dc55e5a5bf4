"use client";
// "Support: <contact>" after every sentence that says "contact support". Without a configured
// contact there is still a way: the ticket page for a signed-in person, the public contact form
// (/support/contact) for a signed-out one when the site can send mail. A signed-out person is
// offered the form beside the contact too: someone who cannot sign in can write from the site.
import { Anchor, Text, type TextProps } from "@mantine/core";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { supportContactLink } from "@/server/services/settings/support-contact";
import { useSiteInfo } from "./site-info";

interface Props extends TextProps {
  /** The reader is signed in: the ticket page replaces the contact form. */
  signedIn?: boolean;
  /** Offer the contact form (off on the form's own pages). */
  offerForm?: boolean;
}

/** A rich-text chunk renderer: the words inside <link> as a same-site link. */
function internal(href: string, testId: string) {
  return function InternalLink(chunks: ReactNode) {
    return (
      <Anchor component={Link} href={href} inherit data-testid={testId}>
        {chunks}
      </Anchor>
    );
  };
}

export function SupportContact({ signedIn = false, offerForm = true, ...props }: Props) {
  const t = useTranslations("support");
  const tc = useTranslations("contact");
  const { supportContact, mailEnabled } = useSiteInfo();
  const link = supportContactLink(supportContact);
  const form = !signedIn && offerForm && mailEnabled;
  if (!link) {
    if (signedIn) return <Text size="sm" {...props} data-testid="support-contact">{tc.rich("ticketRich", { link: internal("/tickets/new", "support-ticket-link") })}</Text>;
    if (form) return <Text size="sm" {...props} data-testid="support-contact">{tc.rich("formRich", { link: internal("/support/contact", "support-form-link") })}</Text>;
    return null;
  }
  return (
    <Text size="sm" {...props} data-testid="support-contact">
      {t.rich("contactRich", {
        contact: link.label,
        link: (chunks) => (
          <Anchor href={link.href} target={link.kind === "email" ? undefined : "_blank"} rel="noopener noreferrer" inherit style={{ overflowWrap: "anywhere" }}>
            {chunks}
          </Anchor>
        ),
      })}
      {form ? <> · {tc.rich("orFormRich", { link: internal("/support/contact", "support-form-link") })}</> : null}
    </Text>
  );
}

/** The same as plain text, for messages shown as strings (toasts, form errors). */
export function useSupportLine(): string | null {
  const t = useTranslations("support");
  const link = supportContactLink(useSiteInfo().supportContact);
  return link ? t("contactLine", { contact: link.label }) : null;
}
