import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { getTranslations } from "next-intl/server";

/** The admin's maintenance notice (settings → site), shown above the content of every shell. */
export async function MaintenanceBanner({ notice }: { notice: string | null }) {
  if (!notice) return null;
  const t = await getTranslations("chrome");
  return (
    <Alert color="yellow" variant="light" title={t("maintenance")} icon={<IconAlertTriangle size={18} />} mb="md" data-testid="maintenance-notice">
      <div style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{notice}</div>
    </Alert>
  );
}
