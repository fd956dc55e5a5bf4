"use client";
// /verify-email: with a token, confirms it once (through a Server Action, from the browser, so a
// mail scanner fetching the link does not use it up); without one, offers to resend the mail.
import { Alert, Button, Divider, Loader, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { confirmEmailAction, resendVerificationAction } from "@/app/(auth)/actions";
import { networkError, useErrorText } from "../forms/server-error";
import { useSiteInfo } from "../site/site-info";
import { SupportContact } from "../site/support-contact";
import { EmailRequestForm } from "./email-request-form";

type State = { kind: "idle" } | { kind: "checking" } | { kind: "done"; outcome: "verified" | "registered" | "email_changed"; email: string; signedIn: boolean } | { kind: "failed"; message: string };

/** After the link: signed in, on to where registration was going; otherwise to the login page. */
function continueHref(state: Extract<State, { kind: "done" }>, next: string | null): string {
  if (state.signedIn) return next ?? "/dashboard";
  const q = new URLSearchParams({ notice: state.outcome === "email_changed" ? "email_changed" : "verified", email: state.email });
  if (next) q.set("next", next);
  return `/login?${q}`;
}

export function VerifyEmailView({ token, email, next = null }: { token: string | null; email: string; next?: string | null }) {
  const t = useTranslations("auth");
  const { messageOf } = useErrorText();
  const [state, setState] = useState<State>(token ? { kind: "checking" } : { kind: "idle" });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirmEmailAction(token)
      .catch(() => ({ ok: false as const, error: networkError() }))
      .then((r) => setState(r.ok ? { kind: "done", outcome: r.data.outcome, email: r.data.email, signedIn: r.data.signedIn } : { kind: "failed", message: messageOf(r.error) }));
  }, [token, messageOf]);

  const { mailEnabled } = useSiteInfo();
  const ts = useTranslations("support");
  // Without mail nothing can be sent again: say so and whom to ask instead.
  const resend = !mailEnabled ? (
    <Alert color="yellow" variant="light" data-testid="mail-off">
      <Text size="sm">{ts("verifyMailOff")}</Text>
      <SupportContact mt={4} />
    </Alert>
  ) : (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t("verify.resendHint")}
      </Text>
      <EmailRequestForm action={resendVerificationAction} submitLabel={t("verify.resend")} sentMessage={t("verify.resent")} initialEmail={email} testId="resend-form" />
    </Stack>
  );

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t("verify.title")}
      </Title>
      {state.kind === "checking" ? (
        <Stack align="center" py="lg" data-testid="verify-result" data-outcome="checking">
          <Loader />
          <Text size="sm">{t("verify.checking")}</Text>
        </Stack>
      ) : null}
      {state.kind === "done" ? (
        <Stack gap="md" data-testid="verify-result" data-outcome={state.outcome}>
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
            {state.signedIn ? t("verify.signedIn", { email: state.email }) : t(`verify.outcome_${state.outcome}`, { email: state.email })}
          </Alert>
          {state.signedIn ? (
            // A full load: the session cookie was just set, and the server's guards must see it.
            <Button component="a" href={continueHref(state, next)} fullWidth data-testid="verify-continue">
              {t("verify.continue")}
            </Button>
          ) : (
            <Button component={Link} href={continueHref(state, next)} fullWidth>
              {t("verify.toLogin")}
            </Button>
          )}
        </Stack>
      ) : null}
      {state.kind === "failed" ? (
        <Stack gap="md" data-testid="verify-result" data-outcome="failed">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="form-error">
            {state.message}
          </Alert>
          <Divider />
          {resend}
        </Stack>
      ) : null}
      {state.kind === "idle" ? (
        <>
          <Text size="sm">{t("verify.noToken")}</Text>
          {resend}
        </>
      ) : null}
      <Button component={Link} href="/login" variant="subtle">
        {t("backToLogin")}
      </Button>
    </Stack>
  );
}
