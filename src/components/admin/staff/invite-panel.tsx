"use client";
// Inviting staff: an address and a role (a one-time link goes out by mail), and the invitations not
// yet accepted, each of which can be revoked (its link stops working at once).
import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { inviteStaffAction, revokeStaffInviteAction } from "@/app/admin/staff/actions";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { looksLikeEmail } from "@/components/forms/rules";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import type { StaffInviteRow } from "@/server/services/staff/invites";
import { CardFact, CardHead, CardActions, ListView, Truncated, type Column } from "../list-kit";
import { useRoleWords } from "./role-words";

function InviteForm({ roles }: { roles: string[] }) {
  const t = useTranslations("adminStaff");
  const words = useRoleWords();
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<string | null>(roles.includes("support") ? "support" : (roles[0] ?? null));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    if (!looksLikeEmail(email)) f.email = email.trim() ? t("emailInvalid") : t("required");
    if (!role) f.role = t("required");
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    setBusy(true);
    setError(null);
    const r = await inviteStaffAction({ email: email.trim(), role: role! }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return focusInvalid();
    }
    notifySuccess(t("invited", { email: r.data.email }));
    setEmail("");
    router.refresh();
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate data-testid="staff-invite-form">
      <Stack gap="sm">
        <FormError>{error}</FormError>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput type="email" label={t("email")} required maxLength={254} autoComplete="off" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={fields.email} style={{ flex: "1 1 240px" }} data-testid="staff-invite-email" />
          <Select label={t("role")} required data={roles.map((r) => ({ value: r, label: words.name(r) }))} value={role} onChange={setRole} allowDeselect={false} error={fields.role} style={{ flex: "0 1 200px" }} data-testid="staff-invite-role" />
          <Button type="submit" loading={busy} leftSection={<IconMailForward size={16} />} style={{ flex: "0 0 auto" }} data-testid="staff-invite-submit">
            {t("inviteSubmit")}
          </Button>
        </Group>
        {role && words.hint(role) ? (
          <Text size="xs" c="dimmed">
            {words.hint(role)}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

export function InvitePanel({ invites, roles }: { invites: StaffInviteRow[]; roles: string[] }) {
  const t = useTranslations("adminStaff");
  const f = useFormatter();
  const words = useRoleWords();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [revoking, setRevoking] = useState<StaffInviteRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const when = (d: Date) => f.dateTime(new Date(d), { dateStyle: "medium", timeStyle: "short" });

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    setError(null);
    const r = await revokeStaffInviteAction(revoking.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("revoked", { email: revoking.email }));
    setRevoking(null);
    router.refresh();
  };
  const revokeButton = (r: StaffInviteRow) => (
    <Button size="xs" variant="light" color="red" onClick={() => (setError(null), setRevoking(r))} aria-label={`${t("revoke")}: ${r.email}`} data-testid={`staff-invite-revoke-${r.id}`}>
      {t("revoke")}
    </Button>
  );
  const columns: Column<StaffInviteRow>[] = [
    { key: "email", header: t("email"), cell: (r) => <Truncated text={r.email} fw={500} /> },
    { key: "role", header: t("role"), cell: (r) => words.name(r.role) },
    { key: "invitedBy", header: t("invitedBy"), cell: (r) => r.invitedBy ?? t("operator") },
    { key: "expires", header: t("expires"), cell: (r) => when(r.expiresAt) },
    { key: "actions", header: t("columns.actions"), cell: revokeButton, sticky: true, align: "right" },
  ];

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            {t("inviteTitle")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("inviteHint")}
          </Text>
        </div>
        <InviteForm roles={roles} />
        <Title order={4} size="h5">
          {t("pendingTitle")}
        </Title>
        <ListView
          rows={invites}
          rowKey={(r) => r.id}
          columns={columns}
          testId="staff-invites"
          minWidth={760}
          empty={t("pendingEmpty")}
          rowAttrs={(r) => ({ "data-testid": `staff-invite-row-${r.id}`, "data-email": r.email })}
          card={(r) => (
            <>
              <CardHead title={r.email} />
              <CardFact mt={4} label={t("role")} value={words.name(r.role)} />
              <CardFact label={t("invitedBy")} value={r.invitedBy ?? t("operator")} />
              <CardFact label={t("expires")} value={when(r.expiresAt)} />
              <CardActions>{revokeButton(r)}</CardActions>
            </>
          )}
        />
      </Stack>
      <ConfirmModal
        opened={revoking !== null}
        title={t("revokeTitle", { email: revoking?.email ?? "" })}
        confirmLabel={t("revoke")}
        cancelLabel={t("cancel")}
        busy={busy}
        error={error}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
        testId="staff-invite-revoke"
      >
        {t("revokeText")}
      </ConfirmModal>
    </Card>
  );
}
