// Warns the administrator while no support contact is set: every "contact support" then falls back
// to the ticket page or the contact form. On the settings page beside the field, and on the admin
// home with a link to it. No client code: a server component, or rendered inside a client one.
import { Alert, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { AnchorLink } from "../links";

export function MissingContactAlert({ contact, withLink = false }: { contact: string | null | undefined; withLink?: boolean }) {
  const t = useTranslations("contact");
  if ((contact ?? "").trim()) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t("settingsWarningTitle")} mb="md" data-testid="support-contact-missing">
      <Text size="sm">{t("settingsWarning")}</Text>
      {withLink ? (
        // The alert's own text colour, underlined: the theme's link blue is below 4.5:1 on yellow.
        <AnchorLink href="/admin/settings" size="sm" c="inherit" underline="always" fw={600}>
          {t("settingsLink")}
        </AnchorLink>
      ) : null}
    </Alert>
  );
}
