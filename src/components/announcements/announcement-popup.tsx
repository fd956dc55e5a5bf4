"use client";
// POPUP announcements: one dialog at a time, highest priority first, opened once per page load
// (the shell keeps this component across client navigations). Closing a dismissible one dismisses
// it for good; a non-dismissible one only closes until the next page load.
import { Button, Group, Modal, Stack } from "@mantine/core";
import { useTranslations } from "next-intl";
import { MarkdownBody } from "./markdown-body";
import type { ShownItem } from "./shown";
import { useDismiss } from "./use-dismiss";

export function AnnouncementPopup({ items, signedIn }: { items: ShownItem[]; signedIn: boolean }) {
  const t = useTranslations("announcements.shown");
  const { isHidden, dismiss } = useDismiss(signedIn);
  const current = items.find((a) => !isHidden(a.id));
  if (!current) return null;
  const close = () => void dismiss(current);
  return (
    <Modal
      key={current.id}
      opened
      onClose={close}
      title={current.title}
      centered
      closeButtonProps={{ "aria-label": current.dismissible ? t("dismissLabel", { title: current.title }) : t("close") }}
      styles={{ title: { fontWeight: 700, overflowWrap: "anywhere" } }}
      data-testid="announcement-popup"
    >
      <Stack gap="md">
        <MarkdownBody html={current.bodyHtml} testId="announcement-popup-body" />
        <Group justify="flex-end">
          <Button onClick={close} data-testid="announcement-popup-close" data-autofocus>
            {current.dismissible ? t("gotIt") : t("close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
