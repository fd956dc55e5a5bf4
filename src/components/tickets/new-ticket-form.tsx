"use client";
// Opening a ticket: subject, category, priority, the first message and up to three images, posted
// as one multipart request. Empty fields and picks over the limits are caught here; everything else
// (the open-ticket cap, what an image really is) comes back from the server, worded.
import { Button, Card, Group, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { type FormEvent, useCallback, useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { useErrorText, type UiError } from "@/components/forms/server-error";
import { ButtonLink } from "@/components/links";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, type TicketCategory, type TicketPriority } from "@/server/db/schema/support-kinds";
import { ImagePicker, usePickedImages } from "./image-picker";
import { isAboutFiles, postMultipart, useUploadErrorText } from "./upload";

export function NewTicketForm() {
  const t = useTranslations("tickets");
  const router = useRouter();
  const { fieldMessages } = useErrorText();
  const uploadError = useUploadErrorText();
  const [subject, setSubject] = useState("");
  const [category, setCategory] = useState<TicketCategory>("GENERAL");
  const [priority, setPriority] = useState<TicketPriority>("NORMAL");
  const [body, setBody] = useState("");
  const [missing, setMissing] = useState<{ subject?: boolean; body?: boolean }>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const images = usePickedImages(useCallback(() => setError((e) => (isAboutFiles(e) ? null : e)), []));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const gaps = { subject: !subject.trim(), body: !body.trim() };
    setMissing(gaps);
    if (gaps.subject || gaps.body) return;
    const form = new FormData();
    form.set("subject", subject.trim());
    form.set("category", category);
    form.set("priority", priority);
    form.set("body", body.trim());
    for (const p of images.picked) form.append("files", p.file, p.file.name);
    setBusy(true);
    setError(null);
    const r = await postMultipart<{ id: string }>("/api/support/tickets", form);
    if (!r.ok) {
      setBusy(false);
      return setError(r.error);
    }
    notifySuccess(t("created"));
    router.push(`/tickets/${r.data.id}`);
  };

  const fields = fieldMessages(error);
  const limitReached = error?.details?.reason === "ticket_limit";

  return (
    <Card withBorder padding="md">
      <form onSubmit={submit} noValidate data-testid="ticket-new-form">
        <Stack gap="sm">
          <TextInput
            label={t("subject")}
            required
            maxLength={200}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={missing.subject ? t("subjectRequired") : fields.subject}
            data-testid="ticket-subject"
          />
          <Group grow wrap="wrap" gap="sm" align="flex-start">
            <Select
              label={t("categoryLabel")}
              data={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
              value={category}
              onChange={(v) => v && setCategory(v as TicketCategory)}
              allowDeselect={false}
              miw={160}
              data-testid="ticket-category"
            />
            <Select
              label={t("priorityLabel")}
              data={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
              value={priority}
              onChange={(v) => v && setPriority(v as TicketPriority)}
              allowDeselect={false}
              miw={160}
              data-testid="ticket-priority-select"
            />
          </Group>
          <Textarea
            label={t("message")}
            description={t("messageHint")}
            required
            autosize
            minRows={5}
            maxRows={16}
            maxLength={10_000}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={missing.body ? t("messageRequired") : fields.body}
            data-testid="ticket-body"
          />
          <ImagePicker state={images} disabled={busy} testId="ticket-files" />
          {error ? (
            <FormError>
              <Stack gap={6} align="flex-start" data-reason={String(error.details?.reason ?? error.code)} data-testid="ticket-error">
                <span>{uploadError(error)}</span>
                {limitReached ? (
                  <ButtonLink href="/tickets?status=open" size="compact-sm" variant="light" color="red">
                    {t("seeOpen")}
                  </ButtonLink>
                ) : null}
              </Stack>
            </FormError>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <ButtonLink href="/tickets" variant="default">
              {t("cancel")}
            </ButtonLink>
            <Button type="submit" loading={busy} data-testid="ticket-submit">
              {t("send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
