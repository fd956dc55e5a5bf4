"use client";
// One template in one language: subject, text and HTML part, the placeholders it may use, a preview
// with sample values, a test mail to the admin, save, and reset to the built-in text.
import { Alert, Badge, Button, Grid, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { IconDeviceFloppy, IconEye, IconMail, IconRestore } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { previewMailTemplateAction, resetMailTemplateAction, saveMailTemplateAction, sendTestMailTemplateAction } from "@/app/admin/mail-templates/actions";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { MailPreview, type RenderedMailView } from "./mail-preview";
import { PlaceholderList } from "./placeholder-list";
import { useTemplateWords } from "./words";

type Part = "subject" | "text" | "html";
type Source = Record<Part, string>;

export interface MailTemplateDetailView {
  template: string;
  locale: string;
  placeholders: readonly string[];
  customised: boolean;
  updatedAt: Date | null;
  current: Source;
  defaults: Source;
  storedProblem: Part | null;
}

const mono = { input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 13 } };

export function MailTemplateEditor({ detail }: { detail: MailTemplateDetailView }) {
  const t = useTranslations("mailTemplates.editor");
  const tl = useTranslations("mailTemplates");
  const w = useTemplateWords();
  const f = useFormatter();
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const [v, setV] = useState<Source>(detail.current);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"save" | "preview" | "test" | "reset" | null>(null);
  const [preview, setPreview] = useState<RenderedMailView | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);
  // The field an insertion goes to: the last one focused (the text part until one was).
  const focused = useRef<{ part: Part; el: HTMLInputElement | HTMLTextAreaElement | null }>({ part: "text", el: null });
  const { template, locale } = detail;

  /** Inserts at the caret of the last focused field and puts the caret after the insertion. */
  const insert = (tag: string) => {
    const { part, el } = focused.current;
    const value = v[part];
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    setV((x) => ({ ...x, [part]: value.slice(0, start) + tag + value.slice(end) }));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };

  /** Runs an action with the draft; shows its error on the form. */
  const run = async <T,>(kind: "save" | "preview" | "test", fn: () => Promise<{ ok: true; data: T } | { ok: false; error: Parameters<typeof messageOf>[0] }>): Promise<T | null> => {
    setBusy(kind);
    setError(null);
    const r = await fn().catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return null;
    }
    setFields({});
    return r.data;
  };

  const doPreview = async () => {
    const m = await run("preview", () => previewMailTemplateAction(template, locale, v));
    if (m) setPreview(m);
  };
  const doTest = async () => {
    const r = await run("test", () => sendTestMailTemplateAction(template, locale, v));
    if (r) notifySuccess(t("testSent", { to: r.to }));
  };
  const doSave = async () => {
    if (await run("save", () => saveMailTemplateAction(template, locale, v))) {
      notifySuccess(t("saved"));
      router.refresh();
    }
  };
  const doReset = async () => {
    setBusy("reset");
    setResetError(null);
    const r = await resetMailTemplateAction(template, locale).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) return setResetError(messageOf(r.error));
    setResetOpen(false);
    notifySuccess(t("resetDone"));
    router.refresh();
  };

  const field = (part: Part) => ({
    value: v[part],
    error: fields[part],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setV((x) => ({ ...x, [part]: value }));
    },
    "data-testid": `mail-template-${part}`,
  });

  return (
    <Stack gap="md">
      <div>
        <Title order={2} style={{ overflowWrap: "anywhere" }}>
          {t("heading", { name: w.name(template), language: w.language(locale) })}
        </Title>
        <Text size="sm" c="dimmed">
          {w.description(template)}
        </Text>
        <Group gap="xs" mt={6}>
          {detail.customised ? <Badge color="blue" variant="light">{tl("customised")}</Badge> : <Badge color="gray" variant="light">{tl("builtIn")}</Badge>}
          <Text size="xs" c="dimmed" data-testid="mail-template-state">
            {detail.customised && detail.updatedAt ? t("stateCustomised", { time: f.dateTime(new Date(detail.updatedAt), { dateStyle: "medium", timeStyle: "short" }) }) : t("stateBuiltIn")}
          </Text>
        </Group>
      </div>
      {detail.storedProblem ? (
        <Alert color="yellow" variant="light" data-testid="mail-template-broken">
          {t("brokenStored", { part: t(detail.storedProblem) })}
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <FormError>{error}</FormError>
            <TextInput label={t("subject")} description={t("subjectHint")} required {...field("subject")} onFocus={(e) => (focused.current = { part: "subject", el: e.currentTarget })} />
            <Textarea label={t("text")} description={t("textHint")} required autosize minRows={6} maxRows={20} styles={mono} {...field("text")} onFocus={(e) => (focused.current = { part: "text", el: e.currentTarget })} />
            <Textarea label={t("html")} description={t("htmlHint")} autosize minRows={8} maxRows={24} styles={mono} {...field("html")} onFocus={(e) => (focused.current = { part: "html", el: e.currentTarget })} />
            <Group gap="xs" wrap="wrap">
              <Button leftSection={<IconDeviceFloppy size={16} />} onClick={doSave} loading={busy === "save"} disabled={!!busy && busy !== "save"} data-testid="mail-template-save">
                {t("save")}
              </Button>
              <Button variant="light" leftSection={<IconEye size={16} />} onClick={doPreview} loading={busy === "preview"} disabled={!!busy && busy !== "preview"} data-testid="mail-template-preview-button">
                {t("preview")}
              </Button>
              <Button variant="light" leftSection={<IconMail size={16} />} onClick={doTest} loading={busy === "test"} disabled={!!busy && busy !== "test"} data-testid="mail-template-test">
                {t("sendTest")}
              </Button>
              <Button variant="default" onClick={() => setV(detail.defaults)} disabled={!!busy} data-testid="mail-template-use-default">
                {t("useDefault")}
              </Button>
              <Button variant="subtle" color="red" leftSection={<IconRestore size={16} />} onClick={() => setResetOpen(true)} disabled={!detail.customised || !!busy} data-testid="mail-template-reset">
                {t("reset")}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PlaceholderList names={detail.placeholders} onInsert={insert} />
        </Grid.Col>
      </Grid>
      {preview ? <MailPreview mail={preview} /> : null}
      <ConfirmModal opened={resetOpen} title={t("resetTitle")} confirmLabel={t("resetConfirm")} busy={busy === "reset"} error={resetError} onConfirm={doReset} onClose={() => setResetOpen(false)} testId="mail-template-reset-modal">
        {t("resetBody")}
      </ConfirmModal>
    </Stack>
  );
}
