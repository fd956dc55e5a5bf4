"use client";
// The notifications page: all or unread (in the URL), each with its level, words, time and link;
// mark read one by one or all, delete one, delete every read one (asked first).
import { ActionIcon, Badge, Box, Button, Card, Group, SegmentedControl, Stack, Text, Tooltip } from "@mantine/core";
import { IconBell, IconCheck, IconChecks, IconTrash } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { clearReadNotificationsAction, deleteNotificationAction, markAllNotificationsReadAction, markNotificationReadAction } from "@/app/(user)/notifications/actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { EmptyState } from "@/components/shell/empty-state";
import type { NotificationLevel } from "@/server/db/schema/notification-kinds";
import { LEVEL_COLORS } from "./level";

export interface NotificationRow {
  id: string;
  level: NotificationLevel;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}

export function NotificationsList({ rows, unreadOnly, unread }: { rows: NotificationRow[]; unreadOnly: boolean; unread: number }) {
  const t = useTranslations("notifications");
  const format = useFormatter();
  const { messageOf } = useErrorText();
  const router = useRouter();
  const pathname = usePathname();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);

  const act = async <T,>(key: string, fn: () => Promise<{ ok: true; data: T } | { ok: false; error: Parameters<typeof messageOf>[0] }>, done?: (data: T) => void) => {
    setBusy(key);
    const r = await fn().catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) return notifyError(messageOf(r.error));
    done?.(r.data);
  };

  const filter = (
    <SegmentedControl
      size="xs"
      value={unreadOnly ? "unread" : "all"}
      onChange={(v) => router.push(v === "unread" ? `${pathname}?unread=1` : pathname)}
      data={[
        { value: "all", label: t("filterAll") },
        { value: "unread", label: t("filterUnread") },
      ]}
      data-testid="notifications-filter"
    />
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        {filter}
        <Group gap="xs">
          <Button variant="default" size="xs" leftSection={<IconChecks size={14} />} disabled={unread === 0 || busy !== null} loading={busy === "all"} onClick={() => act("all", markAllNotificationsReadAction, () => notifySuccess(t("markedAllRead")))} data-testid="notifications-read-all">
            {t("markAllRead")}
          </Button>
          <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} disabled={busy !== null} onClick={() => setConfirmClear(true)} data-testid="notifications-clear-read">
            {t("clearRead")}
          </Button>
        </Group>
      </Group>
      {rows.length === 0 ? (
        <EmptyState icon={<IconBell size={26} />} title={unreadOnly ? t("emptyUnread") : t("empty")} hint={t("emptyHint")} testId="notifications-empty" />
      ) : (
        <Stack gap="xs" data-testid="notifications-list">
          {rows.map((n) => (
            <Card key={n.id} withBorder padding="sm" data-testid="notification-row" data-read={n.read} data-notification-id={n.id}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Box w={8} h={8} mt={7} style={{ flexShrink: 0, borderRadius: 4, background: n.read ? "transparent" : `var(--mantine-color-${LEVEL_COLORS[n.level]}-filled)` }} />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Text fw={n.read ? 500 : 700} style={{ overflowWrap: "anywhere" }} data-testid="notification-title">
                      {n.title}
                    </Text>
                    {!n.read ? (
                      <Badge size="xs" variant="light" color={LEVEL_COLORS[n.level]} tt="none">
                        {t("unreadMark")}
                      </Badge>
                    ) : null}
                  </Group>
                  {n.body ? (
                    <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }} data-testid="notification-body">
                      {n.body}
                    </Text>
                  ) : null}
                  <Group gap="xs" mt={2}>
                    <Text size="xs" c="dimmed">
                      {format.dateTime(new Date(n.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                    </Text>
                    {n.link ? (
                      <Button component={Link} href={n.link} variant="subtle" size="compact-xs" onClick={() => (n.read ? undefined : void markNotificationReadAction(n.id))} data-testid="notification-open">
                        {t("open")}
                      </Button>
                    ) : null}
                  </Group>
                </Stack>
                <Group gap={2} wrap="nowrap">
                  {!n.read ? (
                    <Tooltip label={t("markRead")}>
                      <ActionIcon variant="subtle" color="gray" aria-label={t("markRead")} loading={busy === `read-${n.id}`} disabled={busy !== null} onClick={() => act(`read-${n.id}`, () => markNotificationReadAction(n.id))} data-testid="notification-mark-read">
                        <IconCheck size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                  <Tooltip label={t("delete")}>
                    <ActionIcon variant="subtle" color="red" aria-label={t("delete")} loading={busy === `del-${n.id}`} disabled={busy !== null} onClick={() => act(`del-${n.id}`, () => deleteNotificationAction(n.id), () => notifySuccess(t("deleted")))} data-testid="notification-delete">
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={confirmClear}
        title={t("clearReadTitle")}
        confirmLabel={t("clearRead")}
        busy={busy === "clear"}
        error={null}
        onConfirm={() =>
          act("clear", clearReadNotificationsAction, (d) => {
            setConfirmClear(false);
            notifySuccess(t("clearedRead", { count: d.deleted }));
          })
        }
        onClose={() => setConfirmClear(false)}
        testId="notifications-clear-modal"
      >
        {t("clearReadBody")}
      </ConfirmModal>
    </Stack>
  );
}
