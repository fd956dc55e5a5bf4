"use client";
import { Alert, Button, Card, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { requestEmailChangeAction } from "@/app/(user)/account/actions";
import { useFocusFirstInvalid } from "../forms/focus-first-invalid";
import { FormError } from "../forms/form-error";
import { looksLikeEmail } from "../forms/rules";
import { networkError, useErrorText } from "../forms/server-error";
import { useSiteInfo } from "../site/site-info";
import { SupportContact } from "../site/support-contact";
import { PasswordField } from "../forms/password-field";

export function EmailCard({ email }: { email: string }) {
  const t = useTranslations("account");
  const ta = useTranslations("auth");
  const { messageOf, fieldMessages: fieldTexts } = useErrorText();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const [newEmail, setNewEmail] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { mailEnabled } = useSiteInfo();
  const ts = useTranslations("support");

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    if (!looksLikeEmail(newEmail)) f.newEmail = ta("register.emailInvalid");
    if (!currentPassword) f.currentPassword = t("password.currentRequired");
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    setBusy(true);
    setError(null);
    setSentTo(null);
    const fd = new FormData();
    fd.set("newEmail", newEmail.trim());
    fd.set("currentPassword", currentPassword);
    const r = await requestEmailChangeAction(fd).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldTexts(r.error));
      return focusInvalid();
    }
    setSentTo(newEmail.trim());
    setNewEmail("");
    setCurrentPassword("");
  };

  if (!mailEnabled) {
    // The change is confirmed by a mail to the new address; without mail say so instead of a form that can only fail.
    return (
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Text fw={600}>{t("email.title")}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {t("email.current", { email })}
          </Text>
          <Alert color="yellow" variant="light" data-testid="mail-off">
            <Text size="sm">{ts("emailMailOff")}</Text>
            <SupportContact mt={4} signedIn />
          </Alert>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder padding="lg">
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t("email.title")}>
        <Stack gap="sm">
          <Text fw={600}>{t("email.title")}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {t("email.current", { email })}
          </Text>
          {sentTo ? (
            <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} data-testid="email-change-sent">
              {t("email.sent", { email: sentTo })}
            </Alert>
          ) : null}
          <FormError>{error}</FormError>
          <TextInput label={t("email.new")} type="email" autoComplete="email" required value={newEmail} onChange={(e) => setNewEmail(e.currentTarget.value)} error={fields.newEmail} data-testid="new-email" />
          <PasswordField
            label={t("password.current")}
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.currentTarget.value)}
            error={fields.currentPassword}
            data-testid="email-current-password"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="email-save">
              {t("email.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
