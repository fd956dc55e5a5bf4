"use client";
// Every status change is confirmed in this dialog, which names the user. Disabling and banning ask
// for a reason (required, kept in the audit log); re-activating takes an optional note.
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { setUserStatusAction } from "@/app/admin/users/actions";
import { FormError } from "../../forms/form-error";
import { notifySuccess } from "../../forms/notify";
import { networkError, useErrorText } from "../../forms/server-error";
import { STATUS_COLORS } from "../../shell/status-badge";

export const SETTABLE_STATUSES = ["ACTIVE", "DISABLED", "BANNED"] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];
export interface StatusChange { user: { id: string; email: string }; status: SettableStatus }

/** The server's limit (StatusChangeInput): the textarea stops there, so a person never meets the server's refusal. */
const REASON_MAX = 500;

export function StatusChangeModal({ change, onClose }: { change: StatusChange | null; onClose: () => void }) {
  const t = useTranslations("userStatusChange");
  const ta = useTranslations("adminUsers");
  const ts = useTranslations("status");
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Start fresh for every change shown: adjusted while rendering, not in an effect.
  const key = change ? `${change.user.id}:${change.status}` : null;
  const [shownKey, setShownKey] = useState(key);
  if (key !== shownKey) {
    setShownKey(key);
    setReason("");
    setFieldError(null);
    setError(null);
  }

  const required = !!change && change.status !== "ACTIVE";
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!change) return;
    const text = reason.trim();
    if (required && !text) return setFieldError(t("reasonRequired"));
    if (text.length > REASON_MAX) return setFieldError(t("reasonLong", { max: REASON_MAX }));
    setBusy(true);
    setError(null);
    setFieldError(null);
    const r = await setUserStatusAction(change.user.id, { status: change.status, ...(text ? { reason: text } : {}) }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      const f = fieldMessages(r.error).reason;
      if (f) setFieldError(f);
      return;
    }
    notifySuccess(ta("statusChanged", { email: change.user.email, status: ts(change.status) }));
    onClose();
    router.refresh();
  };

  return (
    <Modal opened={!!change} onClose={onClose} title={change ? t(`title_${change.status}`) : ""} centered>
      {change ? (
        <form onSubmit={submit} noValidate data-testid="status-change-dialog" data-status={change.status}>
          <Stack gap="sm">
            <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="status-change-text">
              {t(`text_${change.status}`, { email: change.user.email })}
            </Text>
            <FormError>{error}</FormError>
            <Textarea
              label={required ? t("reason") : t("note")}
              description={t("reasonHint")}
              required={required}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={fieldError}
              data-testid="status-reason"
              data-autofocus
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t("cancel")}
              </Button>
              <Button type="submit" color={change.status === "ACTIVE" ? undefined : STATUS_COLORS[change.status]} loading={busy} data-testid="status-submit">
                {t(`confirm_${change.status}`)}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
