"use client";
import { Alert, Anchor, Button, Stack, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { resetPasswordAction } from "@/app/(auth)/actions";
import { useFocusFirstInvalid } from "../forms/focus-first-invalid";
import { FormError } from "../forms/form-error";
import { RequiredNote } from "../forms/required-note";
import { MIN_PASSWORD_LENGTH } from "../forms/rules";
import { networkError, useErrorText } from "../forms/server-error";
import { PasswordField } from "../forms/password-field";

export function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [fields, setFields] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();

  if (!token) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("reset.title")}
        </Title>
        <Alert color="red" variant="light" data-testid="form-error">
          {t("reset.noToken")}
        </Alert>
        <Anchor component={Link} href="/forgot-password">
          {t("reset.requestNew")}
        </Anchor>
      </Stack>
    );
  }

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: typeof fields = {};
    if (password.length < MIN_PASSWORD_LENGTH) f.password = t("register.passwordShort", { min: MIN_PASSWORD_LENGTH });
    if (confirm !== password) f.confirm = t("reset.mismatch");
    setFields(f);
    if (f.password || f.confirm) return focusInvalid();
    setBusy(true);
    setError(null);
    const r = await resetPasswordAction(token, password).catch(() => ({ ok: false as const, error: networkError() }));
    if (r.ok) return router.push(`/login?notice=reset&email=${encodeURIComponent(r.data.email)}`);
    setBusy(false);
    setError(messageOf(r.error));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("reset.title")}
        </Title>
        <RequiredNote mt={-8} />
        <FormError>
          {error ? (
            <>
              {error}{" "}
              <Anchor component={Link} href="/forgot-password" size="sm">
                {t("reset.requestNew")}
              </Anchor>
            </>
          ) : null}
        </FormError>
        <PasswordField
          label={t("reset.newPassword")}
          description={t("register.passwordHint", { min: MIN_PASSWORD_LENGTH })}
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fields.password}
          data-testid="password"
        />
        <PasswordField label={t("reset.confirm")} autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} error={fields.confirm} data-testid="password-confirm" />
        <Button type="submit" loading={busy} fullWidth data-testid="submit">
          {t("reset.submit")}
        </Button>
      </Stack>
    </form>
  );
}
