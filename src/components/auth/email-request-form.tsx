"use client";
// One address in, one mail out: used by "resend verification" and "forgot password". The answer
// is the same whether or not the address is registered.
import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { ActionResult } from "@/server/actions/run-action";
import { useFocusFirstInvalid } from "../forms/focus-first-invalid";
import { FormError } from "../forms/form-error";
import { RequiredNote } from "../forms/required-note";
import { looksLikeEmail } from "../forms/rules";
import { networkError, useErrorText } from "../forms/server-error";

interface Props {
  action: (email: string) => Promise<ActionResult<{ sent: true }>>;
  submitLabel: string;
  sentMessage: string;
  initialEmail?: string;
  testId?: string;
}

export function EmailRequestForm({ action, submitLabel, sentMessage, initialEmail = "", testId }: Props) {
  const t = useTranslations("auth");
  const { messageOf } = useErrorText();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const [sent, setSent] = useState(false);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!looksLikeEmail(email)) {
      setEmailError(t("register.emailInvalid"));
      return focusInvalid();
    }
    setEmailError(null);
    setBusy(true);
    setError(null);
    const r = await action(email.trim()).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (r.ok) setSent(true);
    else setError(messageOf(r.error));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="sm">
        {sent ? (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} data-testid="mail-sent">
            {sentMessage}
          </Alert>
        ) : null}
        <RequiredNote />
        <FormError>{error}</FormError>
        <TextInput label={t("email")} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={emailError} data-testid="email" />
        <Button type="submit" loading={busy} variant={sent ? "light" : "filled"} data-testid="submit">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
