"use client";
// A staff member's recent activity: their last 20 audit entries as the actor, read (a Server Action)
// when the drawer opens, each as its action and target in words, with the time and address.
import { Drawer, Group, Loader, Stack, Text, Timeline } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { staffAuditTrailAction } from "@/app/admin/staff/actions";
import { FormError } from "@/components/forms/form-error";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { useLabels } from "@/components/labels/use-labels";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import type { StaffAuditEntry } from "@/server/services/staff/list-staff";

export function AuditTrailDrawer({ person, onClose }: { person: { id: string; email: string } | null; onClose: () => void }) {
  const t = useTranslations("adminStaff");
  const f = useFormatter();
  const label = useLabels();
  const phone = usePhoneLayout();
  const { messageOf } = useErrorText();
  const [state, setState] = useState<{ id: string; entries?: StaffAuditEntry[]; error?: string } | null>(null);
  const id = person?.id ?? null;
  useEffect(() => {
    if (!id) return;
    let live = true;
    staffAuditTrailAction(id)
      .catch(() => ({ ok: false as const, error: networkError() }))
      .then((r) => {
        if (live) setState(r.ok ? { id, entries: r.data } : { id, error: messageOf(r.error) });
      });
    return () => {
      live = false;
    };
  }, [id, messageOf]);
  const current = state && state.id === id ? state : null;

  return (
    <Drawer opened={!!person} onClose={onClose} position="right" size={phone ? "100%" : "md"} title={person ? t("trailTitle", { email: person.email }) : ""} closeButtonProps={{ "aria-label": t("close") }}>
      <Stack gap="md" data-testid="staff-trail">
        <Text size="sm" c="dimmed">
          {t("trailHint")}
        </Text>
        {!current ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t("trailLoading")}
            </Text>
          </Group>
        ) : current.error ? (
          <FormError>{current.error}</FormError>
        ) : current.entries?.length ? (
          <Timeline bulletSize={12} lineWidth={2}>
            {current.entries.map((e) => (
              <Timeline.Item key={e.id} title={label.open("auditAction", e.action)} data-testid="staff-trail-entry" data-action={e.action}>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {[f.dateTime(new Date(e.createdAt), { dateStyle: "medium", timeStyle: "medium" }), label.target(e.targetType, e.targetId), e.ip].filter(Boolean).join(" · ")}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        ) : (
          <Text size="sm" c="dimmed" data-testid="staff-trail-empty">
            {t("trailEmpty")}
          </Text>
        )}
      </Stack>
    </Drawer>
  );
}
