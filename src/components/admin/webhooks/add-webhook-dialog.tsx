"use client";
// The "Add webhook" form: the receiver's URL, the events it gets, a note. The server checks the URL
// (scheme, no credentials, a public address) and the events; its refusal is shown here in words.
// On success the new secret goes to the caller, which shows it once.
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { addWebhookAction } from "@/app/admin/webhooks/actions";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { useWebhookWords } from "./webhook-words";

interface Props {
  opened: boolean;
  eventTypes: readonly string[];
  onClose: () => void;
  onAdded: (secret: string) => void;
}

const BLANK = { url: "", description: "", events: [] as string[] };

export function AddWebhookDialog({ opened, eventTypes, onClose, onAdded }: Props) {
  const t = useTranslations("adminWebhooks");
  const words = useWebhookWords();
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [v, setV] = useState(BLANK);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Empty each time the dialog opens: adjusted while rendering, not in an effect.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setV(BLANK);
      setFields({});
      setError(null);
    }
  }

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    if (!v.url.trim()) f.url = t("urlRequired");
    if (v.events.length === 0) f.events = t("eventsRequired");
    setFields(f);
    setError(null);
    if (Object.keys(f).length) return focusInvalid();
    setBusy(true);
    const r = await addWebhookAction({ url: v.url.trim(), events: v.events, description: v.description.trim() }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return focusInvalid();
    }
    onAdded(r.data.secret);
    router.refresh();
  };

  const all = v.events.length === eventTypes.length;
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={t("addTitle")} centered size="lg">
      <form ref={ref} onSubmit={submit} noValidate data-testid="webhook-form">
        <Stack gap="sm">
          <RequiredNote />
          <FormError>{error}</FormError>
          <TextInput
            label={t("url")}
            description={t("urlHint")}
            required
            type="url"
            inputMode="url"
            autoComplete="off"
            maxLength={2000}
            placeholder="https://"
            value={v.url}
            onChange={(e) => setV((x) => ({ ...x, url: e.currentTarget.value }))}
            error={fields.url}
            data-testid="webhook-url"
            data-autofocus
          />
          <Checkbox.Group label={t("events")} description={t("eventsHint")} required value={v.events} onChange={(events) => setV((x) => ({ ...x, events }))} error={fields.events} data-testid="webhook-events">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {eventTypes.map((e) => (
                <Checkbox
                  key={e}
                  value={e}
                  label={
                    <>
                      {words.eventName(e)}{" "}
                      <Text span size="xs" c="dimmed" ff="monospace">
                        {e}
                      </Text>
                    </>
                  }
                  data-testid={`webhook-event-${e}`}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {/* Outside the group: a checkbox inside it takes its state from the group's value. */}
          <Checkbox
            label={t("selectAll")}
            checked={all}
            indeterminate={!all && v.events.length > 0}
            onChange={() => setV((x) => ({ ...x, events: all ? [] : [...eventTypes] }))}
            data-testid="webhook-events-all"
          />
          <TextInput label={t("description")} description={t("descriptionHint")} maxLength={200} value={v.description} onChange={(e) => setV((x) => ({ ...x, description: e.currentTarget.value }))} error={fields.description} data-testid="webhook-description" />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="webhook-submit">
              {t("create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
