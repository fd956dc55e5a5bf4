"use client";
// Changing the password ends every session, this one included; we sign in again with the new
// password right away so the user stays logged in here (with two-factor sign-in on, that login
// asks for a code first).
import { Button, Card, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { changePasswordAction } from "@/app/(user)/account/actions";
import { credentialsLogin } from "../auth/next-auth-client";
import { useFocusFirstInvalid } from "../forms/focus-first-invalid";
import { FormError } from "../forms/form-error";
import { MIN_PASSWORD_LENGTH } from "../forms/rules";
import { notifySuccess } from "../forms/notify";
import { networkError, useErrorText } from "../forms/server-error";
import { PasswordField } from "../forms/password-field";

export function PasswordCard({ email }: { email: string }) {
  const t = useTranslations("account");
  const ta = useTranslations("auth");
  const { messageOf, fieldMessages: fieldTexts } = useErrorText();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const { ref: reauthRef, focusInvalid: focusReauthInvalid } = useFocusFirstInvalid();
  const empty = { currentPassword: "", newPassword: "", confirm: "" };
  const [v, setV] = useState(empty);
  const [fields, setFields] = useState<Partial<typeof empty>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ts = useTranslations("security");
  const tErr = useTranslations("serverErrors");
  // The new password, kept while the re-login waits for a two-factor code.
  const [reauth, setReauth] = useState<{ password: string; code: string; error?: string; busy?: boolean } | null>(null);
  const backToLogin = () => {
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- full reload: the password change ended this session, so none of its client state may survive
    window.location.href = `/login?notice=reset&email=${encodeURIComponent(email)}`;
  };
  const reauthenticate = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!reauth) return;
    if (!reauth.code.trim()) {
      focusReauthInvalid();
      return setReauth({ ...reauth, error: ts("twoFactor.codeRequired") });
    }
    setReauth({ ...reauth, busy: true, error: undefined });
    const r = await credentialsLogin({ email, password: reauth.password, ...(/^[\d\s]+$/.test(reauth.code) ? { totpCode: reauth.code } : { recoveryCode: reauth.code }) });
    if (r.ok) {
      setReauth(null);
      return notifySuccess(t("password.changed"));
    }
    if (r.error.reason === "totp_invalid" || r.error.reason === "recovery_code_invalid" || r.error.code === "RATE_LIMITED") {
      focusReauthInvalid();
      return setReauth({ ...reauth, busy: false, error: messageOf(r.error) });
    }
    backToLogin();
  };
  const set = (k: keyof typeof empty) => (e: { currentTarget: { value: string } }) => {
    // Read now: React clears currentTarget before the updater runs.
    const value = e.currentTarget.value;
    setV((x) => ({ ...x, [k]: value }));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Partial<typeof empty> = {};
    if (!v.currentPassword) f.currentPassword = t("password.currentRequired");
    if (v.newPassword.length < MIN_PASSWORD_LENGTH) f.newPassword = ta("register.passwordShort", { min: MIN_PASSWORD_LENGTH });
    else if (v.newPassword === v.currentPassword) f.newPassword = tErr("field_unchanged"); // the server refuses it too (password_unchanged)
    if (v.confirm !== v.newPassword) f.confirm = ta("reset.mismatch");
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    setBusy(true);
    setError(null);
    const fd = new FormData();
    fd.set("currentPassword", v.currentPassword);
    fd.set("newPassword", v.newPassword);
    const r = await changePasswordAction(fd).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) {
      setBusy(false);
      // A wrong current password or an unchanged one is marked on its field, and focused.
      setFields(fieldTexts(r.error));
      focusInvalid();
      return setError(messageOf(r.error));
    }
    const again = await credentialsLogin({ email, password: v.newPassword });
    if (!again.ok && again.error.reason === "totp_required") {
      setBusy(false);
      setReauth({ password: v.newPassword, code: "" });
      setV(empty);
      return;
    }
    if (!again.ok) return backToLogin();
    setBusy(false);
    setV(empty);
    notifySuccess(t("password.changed"));
  };

  return (
    <Card withBorder padding="lg">
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t("password.title")}>
        <Stack gap="sm">
          <Text fw={600}>{t("password.title")}</Text>
          <Text size="sm" c="dimmed">
            {t("password.hint")}
          </Text>
          <FormError>{error}</FormError>
          <PasswordField label={t("password.current")} autoComplete="current-password" required value={v.currentPassword} onChange={set("currentPassword")} error={fields.currentPassword} data-testid="current-password" />
          <PasswordField label={t("password.new")} autoComplete="new-password" required value={v.newPassword} onChange={set("newPassword")} error={fields.newPassword} data-testid="new-password" />
          <PasswordField label={t("password.confirm")} autoComplete="new-password" required value={v.confirm} onChange={set("confirm")} error={fields.confirm} data-testid="confirm-password" />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="password-save">
              {t("password.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={reauth !== null} onClose={backToLogin} title={ts("passwordReauth.title")} centered closeOnClickOutside={false}>
        <form ref={reauthRef} onSubmit={reauthenticate} noValidate>
          <Stack gap="md">
            <Text size="sm">{ts("passwordReauth.hint")}</Text>
            <TextInput
              label={ts("twoFactor.codeOrRecovery")}
              value={reauth?.code ?? ""}
              onChange={(e) => reauth && setReauth({ ...reauth, code: e.currentTarget.value, error: undefined })}
              error={reauth?.error}
              autoComplete="one-time-code"
              autoCapitalize="off"
              maxLength={24}
              required
              autoFocus
              data-testid="reauth-code"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={backToLogin}>
                {ts("passwordReauth.later")}
              </Button>
              <Button type="submit" loading={reauth?.busy} data-testid="reauth-submit">
                {ts("passwordReauth.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
