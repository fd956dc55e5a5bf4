"use client";
// Create or edit an announcement, with a live preview from the same renderer the pages use
// (markdown-it runs in the browser too), so what the admin sees is what readers get.
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createAnnouncementAction, updateAnnouncementAction } from "@/app/admin/announcements/actions";
import { fromLocalInput, localInputValue } from "@/components/admin/catalog/fields";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_DISPLAYS, type AnnouncementAudience, type AnnouncementDisplay } from "@/server/db/schema/announcement-kinds";
import { MAX_BODY_CHARS } from "@/server/services/announcements/markdown";
import { MarkdownPreview } from "../markdown-preview";
import type { AnnouncementView } from "./announcement-view";

const MAX_TITLE = 120;

const blank = {
  title: "",
  body: "",
  audience: "USERS" as AnnouncementAudience,
  targetEmail: "",
  display: "INLINE" as AnnouncementDisplay,
  startsAt: "",
  endsAt: "",
  priority: 0 as number | string,
  enabled: true,
  dismissible: true,
};

const valuesOf = (a: AnnouncementView | null): typeof blank =>
  a
    ? {
        title: a.title,
        body: a.body,
        audience: a.audience,
        targetEmail: a.targetEmail ?? "",
        display: a.display,
        startsAt: localInputValue(a.startsAt),
        endsAt: localInputValue(a.endsAt),
        priority: a.priority,
        enabled: a.enabled,
        dismissible: a.dismissible,
      }
    : blank;

export function AnnouncementForm({ announcement, opened, onClose }: { announcement: AnnouncementView | null; opened: boolean; onClose: () => void }) {
  const t = useTranslations("announcements");
  const router = useRouter();
  const phone = usePhoneLayout();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [v, setV] = useState(blank);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Fill the form for what was opened (adjusted while rendering, not in an effect).
  const openedFor = opened ? (announcement?.id ?? "") : null;
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (openedFor !== filledFor) {
    setFilledFor(openedFor);
    if (openedFor !== null) {
      setV(valuesOf(announcement));
      setFields({});
      setError(null);
    }
  }
  const set = <K extends keyof typeof blank>(k: K) => (value: (typeof blank)[K]) => setV((x) => ({ ...x, [k]: value }));

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const title = v.title.trim();
    if (!title) {
      setFields({ title: t("form.required") });
      return focusInvalid();
    }
    const input = {
      title,
      body: v.body,
      audience: v.audience,
      targetEmail: v.audience === "USER" ? v.targetEmail.trim() : null,
      display: v.display,
      startsAt: fromLocalInput(v.startsAt),
      endsAt: fromLocalInput(v.endsAt),
      priority: v.priority === "" ? 0 : v.priority,
      enabled: v.enabled,
      dismissible: v.dismissible,
    };
    setBusy(true);
    setError(null);
    const r = await (announcement ? updateAnnouncementAction(announcement.id, input) : createAnnouncementAction(input)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return focusInvalid();
    }
    notifySuccess(announcement ? t("form.updated", { title: r.data.title }) : t("form.created", { title: r.data.title }));
    onClose();
    router.refresh();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={announcement ? t("form.editTitle") : t("form.newTitle")} centered size="xl" fullScreen={phone}>
      <form ref={ref} onSubmit={submit} noValidate data-testid="announcement-form">
        <Stack gap="sm">
          <RequiredNote />
          <FormError>{error}</FormError>
          <TextInput label={t("form.title")} required maxLength={MAX_TITLE} value={v.title} onChange={(e) => set("title")(e.currentTarget.value)} error={fields.title} data-testid="announcement-title" data-autofocus />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <Textarea
              label={t("form.body")}
              description={t("form.bodyHint")}
              autosize
              minRows={6}
              maxRows={16}
              maxLength={MAX_BODY_CHARS}
              value={v.body}
              onChange={(e) => set("body")(e.currentTarget.value)}
              error={fields.body}
              inputWrapperOrder={["label", "description", "input", "error"]}
              data-testid="announcement-body"
            />
            <MarkdownPreview
              title={v.title}
              body={v.body}
              words={{ label: t("form.preview"), empty: t("form.previewEmpty"), count: (count, max) => t("form.bodyCount", { count, max }) }}
              testId="announcement-preview"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t("form.audience")}
              description={t(`audienceHint.${v.audience}`)}
              data={ANNOUNCEMENT_AUDIENCES.map((a) => ({ value: a, label: t(`audience.${a}`) }))}
              value={v.audience}
              onChange={(a) => a && set("audience")(a as AnnouncementAudience)}
              allowDeselect={false}
              error={fields.audience}
              data-testid="announcement-audience"
            />
            <Select
              label={t("form.display")}
              description={t(`displayHint.${v.display}`)}
              data={ANNOUNCEMENT_DISPLAYS.map((d) => ({ value: d, label: t(`display.${d}`) }))}
              value={v.display}
              onChange={(d) => d && set("display")(d as AnnouncementDisplay)}
              allowDeselect={false}
              error={fields.display}
              data-testid="announcement-display"
            />
            {v.audience === "USER" ? (
              <TextInput label={t("form.targetEmail")} type="email" required autoComplete="off" value={v.targetEmail} onChange={(e) => set("targetEmail")(e.currentTarget.value)} error={fields.targetEmail} data-testid="announcement-target-email" />
            ) : null}
            <NumberInput label={t("form.priority")} description={t("form.priorityHint")} allowDecimal={false} clampBehavior="none" value={v.priority} onChange={set("priority")} error={fields.priority} data-testid="announcement-priority" />
            <TextInput type="datetime-local" label={t("form.startsAt")} description={t("form.windowHint")} value={v.startsAt} onChange={(e) => set("startsAt")(e.currentTarget.value)} error={fields.startsAt} data-testid="announcement-starts" />
            <TextInput type="datetime-local" label={t("form.endsAt")} description={t("form.windowHint")} value={v.endsAt} onChange={(e) => set("endsAt")(e.currentTarget.value)} error={fields.endsAt} data-testid="announcement-ends" />
          </SimpleGrid>
          <Switch label={t("form.enabled")} checked={v.enabled} onChange={(e) => set("enabled")(e.currentTarget.checked)} data-testid="announcement-enabled" />
          <Switch label={t("form.dismissible")} description={t("form.dismissibleHint")} checked={v.dismissible} onChange={(e) => set("dismissible")(e.currentTarget.checked)} data-testid="announcement-dismissible" />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="announcement-submit">
              {announcement ? t("form.save") : t("form.createSubmit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
