import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MailTemplatesList } from "@/components/admin/mail-templates/mail-templates-list";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listMailTemplates } from "@/server/services/mail-templates";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("mailTemplates") };
}

export default async function MailTemplatesPage() {
  await requireAdminPage("mail.manage");
  const [rows, t] = await Promise.all([listMailTemplates(await requestCtx()), getTranslations("mailTemplates")]);
  return (
    <Stack gap="md" maw={1000}>
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <MailTemplatesList rows={rows} />
    </Stack>
  );
}
