"use client";
// The public contact form: address, subject, message (and the captcha when the site uses one). On
// success it says to open the mailed link; the answer is the same for every address.
import { Alert, Button, Stack, Textarea, TextInput } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { sendSupportContactAction } from "@/app/(auth)/support/contact/actions";
import { CONTACT_BODY_MAX, CONTACT_SUBJECT_MAX } from "@/server/services/support/contact-limits";
import { Turnstile } from "../auth/turnstile";
import { useFocusFirstInvalid } from "../forms/focus-first-invalid";
import { FormError } from "../forms/form-error";
import { RequiredNote } from "../forms/required-note";
import { looksLikeEmail } from "../forms/rules";
import { networkError, useErrorText } from "../forms/server-error";

type Field = "email" | "subject" | "body";

export function ContactForm({ captchaSiteKey }: { captchaSiteKey: string | null }) {
  const t = useTranslations("contact");
  const ta = useTranslations("auth");
  const { messageOf, fieldMessages } = useErrorText();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const [values, setValues] = useState<Record<Field, string>>({ email: "", subject: "", body: "" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  // The value is read in the handler: the event's currentTarget is gone by the time React runs an updater.
  const set = (f: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [f]: value }));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    if (!looksLikeEmail(values.email)) problems.email = ta("register.emailInvalid");
    if (!values.subject.trim()) problems.subject = t("required");
    if (!values.body.trim()) problems.body = t("required");
    setFieldErrors(problems);
    if (Object.keys(problems).length) return focusInvalid();
    if (captchaSiteKey && !token) return setError(ta("captchaRequired"));
    setBusy(true);
    setError(null);
    const r = await sendSupportContactAction({ ...values, email: values.email.trim(), turnstileToken: token ?? undefined }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (captchaSiteKey) setResetSignal((n) => n + 1);
    if (r.ok) {
      setSentTo(values.email.trim());
      return setValues({ email: "", subject: "", body: "" });
    }
    setFieldErrors(fieldMessages(r.error) as Partial<Record<Field, string>>);
    setError(messageOf(r.error));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="contact-form">
      <Stack gap="sm">
        {sentTo ? (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} data-testid="contact-sent">
            {t("sent", { email: sentTo })}
          </Alert>
        ) : null}
        <RequiredNote />
        <FormError>{error}</FormError>
        <TextInput label={ta("email")} type="email" autoComplete="email" required value={values.email} onChange={set("email")} error={fieldErrors.email} data-testid="contact-email" />
        <TextInput label={t("subject")} required maxLength={CONTACT_SUBJECT_MAX} value={values.subject} onChange={set("subject")} error={fieldErrors.subject} data-testid="contact-subject" />
        <Textarea
          label={t("body")}
          description={t("bodyHint", { max: CONTACT_BODY_MAX })}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={CONTACT_BODY_MAX}
          value={values.body}
          onChange={set("body")}
          error={fieldErrors.body}
          data-testid="contact-body"
        />
        {captchaSiteKey ? <Turnstile siteKey={captchaSiteKey} onToken={setToken} resetSignal={resetSignal} /> : null}
        <Button type="submit" loading={busy} data-testid="contact-submit">
          {t("submit")}
        </Button>
      </Stack>
    </form>
  );
}
