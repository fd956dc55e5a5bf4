"use client";
// The bell in the header of every user page: the unread count, and on click the latest few
// (fetched then, from GET /api/notifications, so "5 minutes ago" is only ever worked out in the
// browser), each opening its link and counting as read. The count comes from the shell, kept live
// by one poller per tab (unread-live.ts).
import { Box, Button, Divider, Group, Loader, Popover, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { markAllNotificationsReadAction, markNotificationReadAction } from "@/app/(user)/notifications/actions";
import { ToolButton } from "../chrome/tool-button";
import { LEVEL_COLORS } from "./level";
import classes from "./notification-bell.module.css";
import { unreadLive } from "./unread-live";
import type { NotificationLevel } from "@/server/db/schema/notification-kinds";

interface Item {
  id: string;
  level: NotificationLevel;
  title: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}

export function NotificationBell({ unread }: { unread: number }) {
  const t = useTranslations("notifications");
  const format = useFormatter();
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  const [items, setItems] = useState<Item[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = async () => {
    setFailed(false);
    try {
      const r = await fetch("/api/notifications?pageSize=5", { cache: "no-store" });
      if (!r.ok) throw new Error(String(r.status));
      setItems(((await r.json()) as { items: Item[] }).items);
    } catch {
      setFailed(true);
    }
  };
  const toggle = () => {
    const next = !opened;
    setOpened(next);
    if (next) void load();
  };
  const open = async (n: Item) => {
    setOpened(false);
    if (!n.read) await markNotificationReadAction(n.id).catch(() => undefined);
    unreadLive.poke();
    if (n.link) router.push(n.link);
    else router.refresh();
  };
  const readAll = async () => {
    await markAllNotificationsReadAction().catch(() => undefined);
    unreadLive.poke();
    setItems((xs) => xs?.map((x) => ({ ...x, read: true })) ?? null);
    router.refresh();
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withinPortal>
      <Popover.Target>
        <div className={classes.bell} data-testid="bell-count" data-count={unread}>
          <ToolButton icon={IconBell} label={unread > 0 ? t("bellUnread", { count: unread }) : t("bell")} onClick={toggle} data-testid="bell" />
          {unread > 0 ? (
            <span className={classes.count} aria-hidden>
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </div>
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="bell-dropdown">
        <Stack gap={4}>
          <Group justify="space-between" px={4}>
            <Text fw={600} size="sm">
              {t("recent")}
            </Text>
            {unread > 0 ? (
              <Button variant="subtle" size="compact-xs" onClick={readAll} data-testid="bell-read-all">
                {t("markAllRead")}
              </Button>
            ) : null}
          </Group>
          <Divider />
          {items === null && !failed ? <Loader size="sm" mx="auto" my="sm" /> : null}
          {failed ? (
            <Text size="sm" c="red" px={4}>
              {t("loadFailed")}
            </Text>
          ) : null}
          {items?.length === 0 ? (
            <Text size="sm" c="dimmed" px={4} py="xs">
              {t("noneRecent")}
            </Text>
          ) : null}
          {items?.map((n) => (
            <UnstyledButton key={n.id} onClick={() => open(n)} px={6} py={6} style={{ borderRadius: 6 }} data-testid="bell-item" data-read={n.read}>
              <Group gap={8} wrap="nowrap" align="flex-start">
                <Box w={8} h={8} mt={6} style={{ flexShrink: 0, borderRadius: 4, background: n.read ? "transparent" : `var(--mantine-color-${LEVEL_COLORS[n.level]}-filled)` }} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={n.read ? 400 : 600} lineClamp={2}>
                    {n.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {format.relativeTime(new Date(n.createdAt), new Date())}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          ))}
          <Divider />
          <Button component={Link} href="/notifications" variant="subtle" size="compact-sm" onClick={() => setOpened(false)} data-testid="bell-view-all">
            {t("viewAll")}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
