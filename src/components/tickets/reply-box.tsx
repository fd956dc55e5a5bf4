"use client";
// A reply with up to three images, for the owner (/api/support/tickets/{id}/replies) and for staff
// (/api/admin/support/tickets/{id}/replies). After it is sent the page reloads its data, so the new
// message and the new status come from the server.
import { Button, Card, Group, Stack, Text, Textarea } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { type FormEvent, useCallback, useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { useErrorText, type UiError } from "@/components/forms/server-error";
import { ImagePicker, usePickedImages } from "./image-picker";
import { isAboutFiles, postMultipart, useUploadErrorText } from "./upload";

export function ReplyBox({ url, hint }: { url: string; hint?: string }) {
  const t = useTranslations("tickets");
  const router = useRouter();
  const { fieldMessages } = useErrorText();
  const uploadError = useUploadErrorText();
  const [body, setBody] = useState("");
  const [empty, setEmpty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const images = usePickedImages(useCallback(() => setError((e) => (isAboutFiles(e) ? null : e)), []));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setEmpty(!body.trim());
    if (!body.trim()) return;
    const form = new FormData();
    form.set("body", body.trim());
    for (const p of images.picked) form.append("files", p.file, p.file.name);
    setBusy(true);
    setError(null);
    const r = await postMultipart<{ messageId: string }>(url, form);
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setBody("");
    images.clear();
    notifySuccess(t("replied"));
    router.refresh();
  };

  return (
    <Card withBorder padding="md">
      <form onSubmit={submit} noValidate data-testid="ticket-reply-form">
        <Stack gap="sm">
          <Textarea
            label={t("reply")}
            autosize
            minRows={3}
            maxRows={12}
            maxLength={10_000}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={empty ? t("messageRequired") : fieldMessages(error).body}
            data-testid="ticket-reply-body"
          />
          <ImagePicker state={images} disabled={busy} testId="reply-files" />
          {error ? (
            <FormError>
              <span data-testid="ticket-error" data-reason={String(error.details?.reason ?? error.code)}>
                {uploadError(error)}
              </span>
            </FormError>
          ) : null}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
            <Button type="submit" loading={busy} leftSection={<IconSend size={14} />} data-testid="ticket-reply-submit">
              {t("sendReply")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
