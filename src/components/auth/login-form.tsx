"use client";
import { Alert, Anchor, Button, Divider, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState, type FormEvent, type ReactNode } from "react";
import { safeRedirectPath } from "@/server/auth/safe-redirect";
import { useFocusFirstInvalid } from "../forms/focus-first-invalid";
import { FormError } from "../forms/form-error";
import { RequiredNote } from "../forms/required-note";
import { useErrorText } from "../forms/server-error";
import { useSiteInfo } from "../site/site-info";
import { SupportContact } from "../site/support-contact";
import { credentialsLogin, type LoginFailure } from "./next-auth-client";
import { PasskeySignIn } from "./passkey-sign-in";
import { RetryNotice, useCountdown } from "./retry-countdown";
import { secondFactorFields, SecondFactorStep, type SecondFactorState } from "./second-factor-step";
import { Turnstile } from "./turnstile";
import { PasswordField } from "../forms/password-field";

export type LoginNotice = "registered" | "verified" | "reset" | "email_changed" | "signed_out" | "signed_out_everywhere";

interface Props {
  captchaSiteKey: string | null;
  registrationOpen: boolean;
  notice: LoginNotice | null;
  initialEmail?: string;
  /** The same-site page to open after logging in (checked again here: only a path, never a URL). */
  callbackUrl?: string | null;
  /** The site can carry passkeys (its address is a domain name): offer "Sign in with a passkey". */
  passkeys?: boolean;
}

export function LoginForm({ captchaSiteKey, registrationOpen, notice, initialEmail = "", callbackUrl = null, passkeys = false }: Props) {
  const t = useTranslations("auth");
  const tErr = useTranslations("serverErrors");
  const { messageOf } = useErrorText();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [token, setToken] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);
  // Set when the next wrong password is the last one the limits allow: warn before a lock-out.
  const [lastAttempt, setLastAttempt] = useState(false);
  // A refused login (429): the wait in words with a countdown; the button stays disabled meanwhile.
  const cooldown = useCountdown();
  const locked = cooldown.left > 0;
  // Set once the password was accepted and the account asks for a second factor.
  const [second, setSecond] = useState<SecondFactorState | null>(null);
  const ts = useTranslations("security.login");
  const tsup = useTranslations("support");
  const tc = useTranslations("contact");
  const tp = useTranslations("security.passkeys");
  const { mailEnabled } = useSiteInfo();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const withSupport = (text: string) => (
    <>
      {text}
      <SupportContact mt={4} />
    </>
  );

  // The sentence comes from the error catalogue like every other error; three reasons get more than
  // a sentence here: a resend link, or the support contact as a link.
  const describe = (e: LoginFailure, forEmail: string): ReactNode => {
    if (e.code === "CSRF") return t("login.retry");
    if (e.reason === "email_not_verified") {
      // Without mail the link would lead to a form that cannot send anything.
      if (!mailEnabled) return withSupport(tsup("verifyMailOff"));
      return (
        <>
          {tErr("emailNotVerified")}{" "}
          <Anchor component={Link} href={`/verify-email?email=${encodeURIComponent(forEmail)}`} size="sm" data-testid="resend-link">
            {t("login.resendLink")}
          </Anchor>
        </>
      );
    }
    if (e.reason === "captcha_unavailable") return withSupport(tErr("captchaUnavailable"));
    if (e.code === "VALIDATION" && e.reason === "invalid_input") return t("login.missingFields");
    return messageOf({ code: e.code, message: t("login.failed"), details: { reason: e.reason, retryAfterSeconds: e.retryAfterSeconds } });
  };

  // A refused passkey sign-in reads like a refused password: the same alert, the same countdown.
  const passkeyFailed = (e: LoginFailure) => {
    if (e.code === "RATE_LIMITED") return cooldown.start(e.retryAfterSeconds ?? 60);
    setError(describe(e, email.trim()));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const addr = email.trim();
    if (!addr || !password) return setError(t("login.missingFields"));
    if (second && !second.code.trim()) {
      focusInvalid();
      return setSecond({ ...second, error: second.mode === "totp" ? ts("codeRequired") : ts("recoveryRequired") });
    }
    if (captchaSiteKey && !token) return setError(t("captchaRequired"));
    if (locked) return;
    setBusy(true);
    setError(null);
    setLastAttempt(false);
    const r = await credentialsLogin({ email: addr, password, turnstileToken: token, ...(second ? secondFactorFields(second) : {}) });
    if (r.ok) {
      // Back to the page that sent the person here; otherwise the root page sends users to their
      // dashboard and admins to the admin dashboard. A full load: drop pre-login client state and
      // re-run the server's guards.
      window.location.href = safeRedirectPath(callbackUrl) ?? "/";
      return;
    }
    setBusy(false);
    if (captchaSiteKey) setResetSignal((n) => n + 1);
    if (r.error.code === "RATE_LIMITED") return cooldown.start(r.error.retryAfterSeconds ?? 60);
    setLastAttempt(r.error.attemptsLeft === 1);
    const reason = r.error.reason;
    if (reason === "totp_required") return setSecond({ mode: "totp", code: "" });
    if (second && (reason === "totp_invalid" || reason === "recovery_code_invalid")) {
      focusInvalid();
      return setSecond({ ...second, error: tErr(reason === "totp_invalid" ? "totpInvalid" : "recoveryCodeInvalid") });
    }
    setError(describe(r.error, addr));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {second ? ts("codeTitle") : t("login.title")}
        </Title>
        <RequiredNote mt={-8} />
        {/* A success notice ("account created") beside a refusal reads as a contradiction: the refusal wins. */}
        {notice && !error && !locked ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="login-notice">
            {t(`login.notice_${notice}`)}
          </Alert>
        ) : null}
        <FormError>{locked ? <RetryNotice total={cooldown.total} left={cooldown.left} /> : error}</FormError>
        {lastAttempt && !locked ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="attempts-warning">
            {t("login.lastAttempt")}
          </Alert>
        ) : null}
        {second ? (
          <SecondFactorStep state={second} onChange={setSecond} onBack={() => (setSecond(null), setPassword(""), setError(null))} />
        ) : (
          <>
            <TextInput label={t("email")} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-testid="email" />
            <PasswordField
              label={t("password")}
              autoComplete="current-password"
              required
              // Arriving with the email filled in (after registering, a reset...): the password is next.
              autoFocus={Boolean(initialEmail)}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              data-testid="password"
            />
            <Group justify="flex-end" mt={-8}>
              <Anchor component={Link} href="/forgot-password" size="sm">
                {t("login.forgot")}
              </Anchor>
            </Group>
          </>
        )}
        {captchaSiteKey ? <Turnstile siteKey={captchaSiteKey} onToken={setToken} resetSignal={resetSignal} /> : null}
        <Button type="submit" fullWidth loading={busy} disabled={locked} data-testid="submit">
          {second ? ts("verify") : t("login.submit")}
        </Button>
        {passkeys && !second ? (
          <>
            <Divider label={tp("signIn.or")} labelPosition="center" my={-4} />
            <PasskeySignIn callbackUrl={callbackUrl} disabled={locked || busy} onStart={() => (setError(null), setLastAttempt(false))} onFailure={passkeyFailed} onProblem={setError} />
          </>
        ) : null}
        {registrationOpen ? (
          <Text size="sm" ta="center">
            {t("login.noAccount")}{" "}
            <Anchor component={Link} href="/register">
              {t("login.registerLink")}
            </Anchor>
          </Text>
        ) : null}
        {mailEnabled ? (
          <Anchor component={Link} href="/support/contact" size="sm" ta="center" data-testid="login-contact-support">
            {tc("loginTrouble")}
          </Anchor>
        ) : null}
      </Stack>
    </form>
  );
}
