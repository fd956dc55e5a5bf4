"use client";
// BANNER announcements: a bar each at the top of the page, with a close button when dismissible.
import { Alert, Stack } from "@mantine/core";
import { IconSpeakerphone } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { MarkdownBody } from "./markdown-body";
import type { ShownItem } from "./shown";
import { useDismiss } from "./use-dismiss";

export function AnnouncementBanners({ items, signedIn }: { items: ShownItem[]; signedIn: boolean }) {
  const t = useTranslations("announcements.shown");
  const { isHidden, dismiss } = useDismiss(signedIn);
  const shown = items.filter((a) => !isHidden(a.id));
  if (!shown.length) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="announcement-banners">
      {shown.map((a) => (
        <Alert
          key={a.id}
          color="blue"
          variant="light"
          icon={<IconSpeakerphone size={18} />}
          title={a.title}
          withCloseButton={a.dismissible}
          closeButtonLabel={t("dismissLabel", { title: a.title })}
          onClose={() => dismiss(a)}
          data-testid="announcement-banner"
          data-id={a.id}
          styles={{ title: { overflowWrap: "anywhere" } }}
        >
          <MarkdownBody html={a.bodyHtml} />
        </Alert>
      ))}
    </Stack>
  );
}
