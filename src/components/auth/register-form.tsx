"use client";
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useFocusFirstInvalid } from "../forms/focus-first-invalid";
import { FormError } from "../forms/form-error";
import { RequiredNote } from "../forms/required-note";
import { looksLikeEmail, MIN_PASSWORD_LENGTH } from "../forms/rules";
import { networkError, useErrorText, type UiError } from "../forms/server-error";
import { Turnstile } from "./turnstile";
import { PasswordField } from "../forms/password-field";

/** The login page, keeping where the person was going (`next`) and the address they typed. */
function loginHref(p: { notice?: string; email?: string; next?: string | null }): string {
  const q = new URLSearchParams();
  if (p.notice) q.set("notice", p.notice);
  if (p.email) q.set("email", p.email);
  if (p.next) q.set("next", p.next);
  const s = q.toString();
  return s ? `/login?${s}` : "/login";
}

interface Props {
  inviteCodeRequired: boolean;
  captchaSiteKey: string | null;
  initialInvite: string;
  /** A same-site path to open once signed in (checked by the page and again by the server). */
  next?: string | null;
}


export function RegisterForm({ inviteCodeRequired, captchaSiteKey, initialInvite, next = null }: Props) {
  const t = useTranslations("auth");
  const locale = useLocale();
  const { messageOf, fieldMessages: fieldTexts } = useErrorText();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const [values, setValues] = useState({ email: "", password: "", name: "", inviteCode: initialInvite });
  const [token, setToken] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const set = (k: keyof typeof values) => (e: { currentTarget: { value: string } }) => {
    // Read now: React clears currentTarget before the updater runs.
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  const validate = (): Record<string, string> => {
    const f: Record<string, string> = {};
    if (!looksLikeEmail(values.email)) f.email = t("register.emailInvalid");
    if (values.password.length < MIN_PASSWORD_LENGTH) f.password = t("register.passwordShort", { min: MIN_PASSWORD_LENGTH });
    if (values.name.trim().length > 50) f.name = t("register.nameLong");
    if (inviteCodeRequired && !values.inviteCode.trim()) f.inviteCode = t("register.inviteRequired");
    return f;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f = validate();
    setFields(f);
    if (Object.keys(f).length) {
      focusInvalid();
      return setError(null);
    }
    if (captchaSiteKey && !token) return setError(t("captchaRequired"));
    setBusy(true);
    setError(null);
    let status = 0;
    let body: { verificationRequired?: boolean; signedIn?: boolean; error?: UiError } = {};
    try {
      const r = await fetch("/api/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: values.email.trim(),
          password: values.password,
          name: values.name.trim() || undefined,
          inviteCode: values.inviteCode.trim() || undefined,
          turnstileToken: token ?? undefined,
          locale,
          next: next ?? undefined,
        }),
      });
      status = r.status;
      body = await r.json().catch(() => ({}));
    } catch {
      body = { error: networkError() };
    }
    if (status === 201) {
      if (body.verificationRequired) {
        setSentTo(values.email.trim());
        setBusy(false);
      } else if (body.signedIn) {
        // The answer carried the session cookie: a full load, so the server's guards see it.
        window.location.href = next ?? "/dashboard";
      } else window.location.href = loginHref({ notice: "registered", email: values.email.trim(), next });
      return;
    }
    setBusy(false);
    if (captchaSiteKey) setResetSignal((n) => n + 1);
    const err = body.error ?? { code: "INTERNAL", message: "" };
    setFields(fieldTexts(err));
    setError(messageOf(err));
    focusInvalid();
  };

  if (sentTo) {
    return (
      <Stack gap="md" data-testid="register-done">
        <Title order={2} size="h3">
          {t("register.checkMailTitle")}
        </Title>
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />}>
          {t("register.checkMail", { email: sentTo })}
        </Alert>
        <Text size="sm">
          {t("register.noMail")}{" "}
          <Anchor component={Link} href={`/verify-email?email=${encodeURIComponent(sentTo)}`}>
            {t("register.resendLink")}
          </Anchor>
        </Text>
        <Button component={Link} href={loginHref({ email: sentTo, next })} variant="light" fullWidth>
          {t("backToLogin")}
        </Button>
      </Stack>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("register.title")}
        </Title>
        <RequiredNote mt={-8} />
        <FormError>{error}</FormError>
        <TextInput label={t("email")} type="email" autoComplete="email" required value={values.email} onChange={set("email")} error={fields.email} data-testid="email" />
        <PasswordField
          label={t("password")}
          description={t("register.passwordHint", { min: MIN_PASSWORD_LENGTH })}
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set("password")}
          error={fields.password}
          data-testid="password"
        />
        <TextInput label={t("register.name")} autoComplete="nickname" value={values.name} onChange={set("name")} error={fields.name} maxLength={50} data-testid="name" />
        <TextInput
          label={t("register.inviteCode")}
          description={inviteCodeRequired ? undefined : t("register.inviteOptional")}
          required={inviteCodeRequired}
          value={values.inviteCode}
          onChange={set("inviteCode")}
          error={fields.inviteCode}
          maxLength={64}
          data-testid="invite-code"
        />
        {captchaSiteKey ? <Turnstile siteKey={captchaSiteKey} onToken={setToken} resetSignal={resetSignal} /> : null}
        {fields.turnstileToken ? (
          <Text size="sm" c="red">
            {fields.turnstileToken}
          </Text>
        ) : null}
        <Button type="submit" fullWidth loading={busy} data-testid="submit">
          {t("register.submit")}
        </Button>
        <Text size="sm" ta="center">
          {t("register.haveAccount")}{" "}
          <Anchor component={Link} href={loginHref({ next })}>
            {t("register.loginLink")}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
