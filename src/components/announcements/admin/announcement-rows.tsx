"use client";
// The admin list: a table on wider screens, stacked cards on phones (one layout in the DOM).
import { ActionIcon, Badge, Card, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { stickyEndCell } from "@/components/shell/sticky-end-cell";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import type { AnnouncementView } from "./announcement-view";
import { EnabledSwitch } from "./enabled-switch";

interface Props { rows: AnnouncementView[]; now: string; onEdit: (a: AnnouncementView) => void; onDelete: (a: AnnouncementView) => void }

export function AnnouncementRows({ rows, now, onEdit, onDelete }: Props) {
  const t = useTranslations("announcements");
  const f = useFormatter();
  const phone = usePhoneLayout();
  const when = (d: Date) => f.dateTime(new Date(d), { dateStyle: "medium", timeStyle: "short" });
  const at = new Date(now).getTime();
  const windowOf = (a: AnnouncementView): ReactNode => {
    const text = a.startsAt && a.endsAt ? t("admin.between", { start: when(a.startsAt), end: when(a.endsAt) }) : a.startsAt ? t("admin.from", { start: when(a.startsAt) }) : a.endsAt ? t("admin.until", { end: when(a.endsAt) }) : t("admin.always");
    const state = a.endsAt && new Date(a.endsAt).getTime() <= at ? t("admin.stateEnded") : a.startsAt && new Date(a.startsAt).getTime() > at ? t("admin.stateScheduled") : null;
    return (
      <Group gap={6} wrap="nowrap">
        <Text size="xs">{text}</Text>
        {state ? (
          <Badge size="xs" variant="light" color="gray">
            {state}
          </Badge>
        ) : null}
      </Group>
    );
  };
  const audience = (a: AnnouncementView) => (a.audience === "USER" ? `${t("audience.USER")}: ${a.targetEmail ?? ""}` : t(`audience.${a.audience}`));
  const dismissible = (a: AnnouncementView) => (a.dismissible ? `${t("admin.yes")} · ${t("admin.dismissals", { count: a.dismissals })}` : t("admin.no"));
  const actions = (a: AnnouncementView) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t("admin.edit")}>
        <ActionIcon variant="subtle" onClick={() => onEdit(a)} aria-label={`${t("admin.edit")} ${a.title}`} data-testid="announcement-edit">
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("admin.delete")}>
        <ActionIcon variant="subtle" color="red" onClick={() => onDelete(a)} aria-label={`${t("admin.delete")} ${a.title}`} data-testid="announcement-delete">
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
  const labeled = (label: string, value: ReactNode) => (
    <Group gap={6} wrap="wrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof value === "string" ? <Text size="xs">{value}</Text> : value}
    </Group>
  );

  if (phone) {
    return (
      <Stack gap="xs" data-testid="announcements-cards">
        {rows.map((a) => (
          <Card key={a.id} withBorder padding="sm" data-testid="announcement-row" data-id={a.id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                {a.title}
              </Text>
              <EnabledSwitch announcement={a} />
            </Group>
            <Stack gap={2} mt={6}>
              {labeled(t("admin.columnAudience"), audience(a))}
              {labeled(t("admin.columnDisplay"), t(`display.${a.display}`))}
              {labeled(t("admin.columnWindow"), windowOf(a))}
              {labeled(t("admin.columnDismissible"), dismissible(a))}
            </Stack>
            <Group justify="flex-end" mt={6}>
              {actions(a)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder padding={0} data-testid="announcements-table">
      <Table.ScrollContainer minWidth={900} type="native">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("admin.columnTitle")}</Table.Th>
              <Table.Th>{t("admin.columnAudience")}</Table.Th>
              <Table.Th>{t("admin.columnDisplay")}</Table.Th>
              <Table.Th>{t("admin.columnWindow")}</Table.Th>
              <Table.Th>{t("admin.columnEnabled")}</Table.Th>
              <Table.Th>{t("admin.columnDismissible")}</Table.Th>
              <Table.Th ta="right" style={stickyEndCell()}>
                {t("admin.columnActions")}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a, idx) => (
              <Table.Tr key={a.id} data-testid="announcement-row" data-id={a.id}>
                <Table.Td maw={320}>
                  <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                    {a.title}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {audience(a)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{t(`display.${a.display}`)}</Table.Td>
                <Table.Td>{windowOf(a)}</Table.Td>
                <Table.Td>
                  <EnabledSwitch announcement={a} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Text size="sm">{dismissible(a)}</Text>
                </Table.Td>
                <Table.Td style={stickyEndCell(idx % 2 === 0)}>{actions(a)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
