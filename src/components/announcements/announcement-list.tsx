"use client";
// INLINE announcements: cards on the user's dashboard, each with a dismiss button when dismissible.
import { ActionIcon, Card, Group, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { MarkdownBody } from "./markdown-body";
import type { ShownItem } from "./shown";
import { useDismiss } from "./use-dismiss";

export function AnnouncementList({ items }: { items: ShownItem[] }) {
  const t = useTranslations("announcements.shown");
  const { isHidden, dismiss } = useDismiss(true);
  const shown = items.filter((a) => !isHidden(a.id));
  if (!shown.length) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="announcements-heading" data-testid="announcement-list">
      <Title order={3} size="h5" id="announcements-heading">
        {t("dashboardTitle")}
      </Title>
      {shown.map((a) => (
        <Card key={a.id} withBorder padding="md" data-testid="announcement-inline" data-id={a.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb={6}>
            <Text fw={600} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
              {a.title}
            </Text>
            {a.dismissible ? (
              <Tooltip label={t("dismiss")}>
                <ActionIcon variant="subtle" color="gray" onClick={() => dismiss(a)} aria-label={t("dismissLabel", { title: a.title })} data-testid="announcement-inline-dismiss">
                  <IconX size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
          <MarkdownBody html={a.bodyHtml} />
        </Card>
      ))}
    </Stack>
  );
}
