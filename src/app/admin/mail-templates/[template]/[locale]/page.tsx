import { Stack } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { MailTemplateEditor } from "@/components/admin/mail-templates/mail-template-editor";
import { AnchorLink } from "@/components/links";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import type { Ctx } from "@/server/context";
import { isDomainError } from "@/server/errors";
import { getMailTemplate } from "@/server/services/mail-templates";

type Params = Promise<{ template: string; locale: string }>;

/** The template, or Next's 404 page for a template or language that does not exist. */
async function load(ctx: Ctx, template: string, locale: string) {
  try {
    return await getMailTemplate(ctx, template, locale);
  } catch (err) {
    if (isDomainError(err) && (err.code === "NOT_FOUND" || err.code === "VALIDATION")) notFound();
    throw err;
  }
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("mailTemplates") };
}

export default async function MailTemplatePage({ params }: { params: Params }) {
  await requireAdminPage("mail.manage");
  const { template, locale } = await params;
  const [detail, t] = await Promise.all([load(await requestCtx(), template, locale), getTranslations("mailTemplates.editor")]);
  return (
    <Stack gap="md" maw={1200}>
      <AnchorLink href="/admin/mail-templates" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: "middle" }} /> {t("back")}
      </AnchorLink>
      {/* Keyed by the stored version, so a save or reset (router.refresh) starts from what is stored. */}
      <MailTemplateEditor key={detail.updatedAt?.toISOString() ?? "default"} detail={detail} />
    </Stack>
  );
}
