"use client";
// "Support: <contact>" after every sentence that says "contact support"; nothing when the
// administrator has not set a contact (the settings page asks for one).
import { Anchor, Text, type TextProps } from "@mantine/core";
import { useTranslations } from "next-intl";
import { supportContactLink } from "@/server/services/settings/support-contact";
import { useSiteInfo } from "./site-info";

export function SupportContact(props: TextProps) {
  const t = useTranslations("support");
  const link = supportContactLink(useSiteInfo().supportContact);
  if (!link) return null;
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
    </Text>
  );
}

/** The same as plain text, for messages shown as strings (toasts, form errors). */
export function useSupportLine(): string | null {
  const t = useTranslations("support");
  const link = supportContactLink(useSiteInfo().supportContact);
  return link ? t("contactLine", { contact: link.label }) : null;
}
