"use client";
// The rendered mail. The HTML part is admin-written markup meant for mail programs, so it is shown in
// an iframe with an empty sandbox: no scripts, no forms, no navigation, an opaque origin that can
// reach nothing of this page. A white background, as mail programs show mail, in dark mode too.
import { Card, Code, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";

export interface RenderedMailView { subject: string; text: string; html: string }

export function MailPreview({ mail }: { mail: RenderedMailView }) {
  const t = useTranslations("mailTemplates.editor");
  return (
    <Card withBorder padding="md" data-testid="mail-template-preview">
      <Stack gap="sm">
        <Text fw={600}>{t("previewTitle")}</Text>
        <div>
          <Text size="xs" c="dimmed">
            {t("previewSubject")}
          </Text>
          <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="mail-template-preview-subject">
            {mail.subject}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {t("previewHtml")}
          </Text>
          {mail.html ? (
            <iframe
              sandbox=""
              srcDoc={mail.html}
              title={t("previewFrame")}
              referrerPolicy="no-referrer"
              style={{ width: "100%", height: 420, border: "1px solid var(--mantine-color-default-border)", borderRadius: 4, background: "#fff", colorScheme: "light" }}
              data-testid="mail-template-preview-html"
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t("previewNoHtml")}
            </Text>
          )}
        </div>
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {t("previewText")}
          </Text>
          <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="mail-template-preview-text">
            {mail.text}
          </Code>
        </div>
      </Stack>
    </Card>
  );
}
