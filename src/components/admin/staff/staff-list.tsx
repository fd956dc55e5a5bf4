"use client";
// The staff table (cards on a phone): who, role (a select where the viewer may change it), status,
// second factors, last sign-in, and per row: recent activity (a drawer), disable/enable, remove.
// Every change opens a confirmation (staff-dialogs.tsx) that says what ends.
import { Badge, Button, Group, Select, Stack, Text } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { StatusBadge } from "@/components/shell/status-badge";
import type { StaffRow } from "@/server/services/staff/list-staff";
import { CardActions, CardFact, CardHead, ListView, PagePager, Truncated, type Column } from "../list-kit";
import { AuditTrailDrawer } from "./audit-trail-drawer";
import { useRoleWords } from "./role-words";
import { StaffDialogs, type StaffDialog } from "./staff-dialogs";

export interface StaffViewer { id: string; isOwner: boolean; grantable: string[] }

export function StaffList({ rows, total, page, pages, roles, viewer }: { rows: StaffRow[]; total: number; page: number; pages: number; roles: string[]; viewer: StaffViewer }) {
  const t = useTranslations("adminStaff");
  const f = useFormatter();
  const words = useRoleWords();
  const [dialog, setDialog] = useState<StaffDialog>(null);
  const [trail, setTrail] = useState<StaffRow | null>(null);

  const self = (r: StaffRow) => r.id === viewer.id;
  // What the server would refuse anyway is not offered: another owner's account, or a role beyond the viewer's own.
  const changeable = (r: StaffRow) => self(r) || (r.role !== "owner" && viewer.grantable.includes(r.role));
  const when = (d: Date | null) => (d ? f.dateTime(new Date(d), { dateStyle: "medium", timeStyle: "short" }) : t("never"));

  const person = (r: StaffRow) => (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Truncated text={r.email} fw={500} />
        {self(r) ? (
          <Badge size="xs" variant="outline" style={{ flexShrink: 0 }}>
            {t("you")}
          </Badge>
        ) : null}
      </Group>
      {r.name ? <Truncated text={r.name} size="xs" c="dimmed" /> : null}
    </Stack>
  );

  const roleCell = (r: StaffRow) => {
    if (!changeable(r)) return <Text size="sm" data-testid={`staff-role-${r.id}`}>{words.name(r.role)}</Text>;
    const options = [...new Set([r.role, ...roles.filter((x) => viewer.grantable.includes(x))])].map((x) => ({ value: x, label: words.name(x) }));
    return (
      <Select
        size="xs"
        w={170}
        data={options}
        value={r.role}
        allowDeselect={false}
        aria-label={t("roleSelect", { email: r.email })}
        onChange={(v) => v && v !== r.role && setDialog({ kind: "role", row: r, role: v })}
        data-testid={`staff-role-${r.id}`}
        comboboxProps={{ withinPortal: true }}
      />
    );
  };

  const secondFactor = (r: StaffRow) => {
    if (r.enrolmentPending) return <Text size="xs" c="orange" data-testid={`staff-enrol-pending-${r.id}`}>{t("enrolmentPending")}</Text>;
    const parts = [r.twoFactor ? t("authenticator") : null, r.passkeys > 0 ? t("passkeys", { count: r.passkeys }) : null].filter(Boolean);
    return <Text size="sm">{parts.length ? parts.join(" · ") : t("noSecondFactor")}</Text>;
  };

  const actions = (r: StaffRow) => (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Button size="xs" variant="default" leftSection={<IconHistory size={14} />} onClick={() => setTrail(r)} aria-label={`${t("trail")}: ${r.email}`} data-testid={`staff-trail-${r.id}`}>
        {t("trail")}
      </Button>
      {!self(r) && changeable(r) ? (
        <>
          {r.status === "ACTIVE" ? (
            <Button size="xs" variant="light" color="orange" onClick={() => setDialog({ kind: "disable", row: r })} aria-label={`${t("disable")}: ${r.email}`} data-testid={`staff-disable-${r.id}`}>
              {t("disable")}
            </Button>
          ) : (
            <Button size="xs" variant="light" color="teal" onClick={() => setDialog({ kind: "enable", row: r })} aria-label={`${t("enable")}: ${r.email}`} data-testid={`staff-enable-${r.id}`}>
              {t("enable")}
            </Button>
          )}
          <Button size="xs" variant="light" color="red" onClick={() => setDialog({ kind: "remove", row: r })} aria-label={`${t("remove")}: ${r.email}`} data-testid={`staff-remove-${r.id}`}>
            {t("remove")}
          </Button>
        </>
      ) : null}
    </Group>
  );

  const columns: Column<StaffRow>[] = [
    { key: "person", header: t("columns.person"), cell: person, style: () => ({ maxWidth: 280 }) },
    { key: "role", header: t("columns.role"), cell: roleCell },
    { key: "status", header: t("columns.status"), cell: (r) => <StatusBadge status={r.status} /> },
    { key: "secondFactor", header: t("columns.secondFactor"), cell: secondFactor },
    { key: "lastLogin", header: t("columns.lastLogin"), cell: (r) => when(r.lastLoginAt) },
    { key: "actions", header: t("columns.actions"), cell: actions, sticky: true, align: "right" },
  ];

  return (
    <Stack gap="sm">
      <ListView
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        testId="staff"
        minWidth={1000}
        empty={t("empty")}
        rowAttrs={(r) => ({ "data-testid": `staff-row-${r.id}`, "data-email": r.email })}
        card={(r) => (
          <>
            <CardHead title={r.email} aside={<StatusBadge status={r.status} />} />
            {r.name ? <Text size="xs" c="dimmed">{r.name}</Text> : null}
            <Group mt={6}>{roleCell(r)}</Group>
            <Group mt={6}>{secondFactor(r)}</Group>
            <CardFact mt={4} label={t("columns.lastLogin")} value={when(r.lastLoginAt)} />
            <CardActions>{actions(r)}</CardActions>
          </>
        )}
      />
      <PagePager count={t("count", { count: total })} pages={pages} page={page} testId="staff-count" />
      <StaffDialogs dialog={dialog} onClose={() => setDialog(null)} />
      <AuditTrailDrawer person={trail} onClose={() => setTrail(null)} />
    </Stack>
  );
}
